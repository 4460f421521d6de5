// The fixer page ("My widgets don't line up"): a screenshot of the home screen with transparent
// widgets in place, checked against the empty page they were cropped from, by the browser core,
// as `backdrop crop EMPTY --widgets-from HOME` checks it: how far each widget is off, and the
// empty page cropped again at every place, corrected, each ready for Photos.
(() => {
  "use strict";

  /// What the person reads from this script: the status line, each widget in plain words, and the
  /// new backgrounds with what to do with them.
  const words = {
    pickEmpty: "Now pick the empty page you made the backgrounds from. No longer have it? A new screenshot of an empty page with the same wallpaper works as well (see above).",
    pickHome: "Now pick a screenshot of your home screen as it is, with the widgets.",
    looking: (home) => `Looking for your widgets on ${home}…`,
    warning: (file, warning) => `${file}: warning: ${warning}`,
    problem: (file, problem) => `${file}: ${problem}`,
    count: (n, one, many) => `${n} ${n === 1 ? one : many}`,
    found: (measured, off, seen) => {
      if (!measured) return "No widget could be measured.";
      const widgets = words.count(measured, "widget", "widgets");
      const offWords = off === 0 ? (measured === 1 ? "it is in its place" : "all in their places")
        : off === measured ? (measured === 1 ? "it is off" : measured === 2 ? "both are off" : "all are off")
          : `${off} off, ${measured - off} in place`;
      return `Found and measured ${widgets}: ${offWords}.${seen ? ` ${words.count(seen, "more widget was", "more widgets were")} seen but could not be measured (below).` : ""}`;
    },
    ready: (count) => `${words.count(count, "new background", "new backgrounds")} below, one for every place on the page.`,
    widget: (slot) => `${slot[0].toUpperCase()}${slot.slice(1)}`,
    inPlace: "in its place",
    sideways: (dx) => dx > 0 ? `its background was cut ${dx} px too far left` : `its background was cut ${-dx} px too far right`,
    upDown: (dy) => dy > 0 ? `${dy} px too high` : `${-dy} px too low`,
    cannotTell: (axis, why) => `how far ${axis === "x" ? "sideways" : "up or down"} cannot be told: the wallpaper ${why.replace(/^the wallpaper behind it /, "")}`,
    measuredHow: (widget) => widget.evidence === "outline" ? " (measured by its outline, to within 1 px)" : " (measured on your screenshots, to within 1 px)",
    notMeasured: (why) => `seen, but not measured: ${why}`,
    moved: (dx, dy) => {
      const parts = [];
      if (dx) parts.push(`${Math.abs(dx)} px ${dx > 0 ? "right" : "left"}`);
      if (dy) parts.push(`${Math.abs(dy)} px ${dy > 0 ? "down" : "up"}`);
      return parts.length ? `Moved ${parts.join(" and ")} from your first background.` : "The same place as your first background.";
    },
    how: {
      measured: "measured on your widget",
      "same column or row": "from a widget in the same row or column",
      estimated: "estimated from your other widgets",
      unchanged: "nothing measured it: as before",
    },
    howBoth: (x, y, slot) => {
      if (x === y) return `${words.widget(words.how[x])}${x === "estimated" ? words.error(slot) : ""}.`;
      return `Sideways ${words.how[x]}${x === "estimated" ? words.error(slot, "x") : ""}; up and down ${words.how[y]}${y === "estimated" ? words.error(slot, "y") : ""}.`;
    },
    error: (slot, axis) => {
      const errors = axis ? [axis === "x" ? slot.xError : slot.yError] : [slot.xError, slot.yError].filter((e, i) => [slot.x, slot.y][i] === "estimated");
      if (errors.some((e) => e === null || e === undefined)) return " (how far off it may be is not known: only one widget measured it)";
      return ` (may be off by up to ${Math.max(...errors)} px: if a seam shows, place a widget there and check again)`;
    },
    notPlaced: (why) => `No new background here: ${why}.`,
    saveToPhotos: "Save to Photos…",
    couldNotShare: (file, message) => `${file}: could not share: ${message}`,
    download: (file) => `Download ${file}`,
    touchAndHold: "On an iPhone: touch and hold a picture, then tap Save to Photos.",
    image: (slot, r) => `The new background for ${tool.slotWords(slot)}, ${r.width}×${r.height} px`,
    zip: (count) => `All ${count} new backgrounds as backdrop-corrected.zip (for a computer; on an iPhone a .zip lands in Files)`,
    figure: (width, height) => `Your home screen of ${width}×${height} px with each widget found and how far it is off`,
    caption: (file) => `${file} · each box is a widget as found; its label, how far it is off (x across, y down)`,
    offset: (dx, dy) => `x ${dx}, y ${dy}`,
    unknown: "?",
    pixels: (value) => `${value > 0 ? "+" : ""}${value} px`,
    recordCommand: "To give the columns and rows your widgets measured to the catalog, say who measured, with which iPhone and iOS version, and run:",
    record: "Or paste the positions your widgets measured into the device profile (widget sizes are not measured this way):",
  };

  const tool = window.BackdropTool;
  const page = document.getElementById("check-widgets");
  const form = document.getElementById("check-form");
  const ui = tool.parts(page);
  const part = (name) => page.querySelector(`[data-${name}]`);
  const select = form.elements.layout;
  const styleSelect = form.elements.style;
  let urls = [];
  let run = 0;
  /// The empty page as the core read it, kept while it stays chosen: read as soon as it is picked,
  /// while the person picks the home screen, so that the check starts with it read; and read once
  /// for every check of it (another layout, another style). `users` checks hold it: one replaced
  /// by another page is given back to the core once none does.
  let emptyRead = null;

  tool.form(form, ["empty", "home"], /home|widget/i, () => check(++run, false));
  select.addEventListener("change", () => check(++run, true));
  styleSelect.addEventListener("change", () => check(++run, true));

  function state(name, text) {
    page.setAttribute("data-state", name);
    ui.status.textContent = text || "";
  }

  function url(blob) {
    const made = URL.createObjectURL(blob);
    urls.push(made);
    return made;
  }

  function clear() {
    for (const made of urls) URL.revokeObjectURL(made);
    urls = [];
    ui.results.hidden = true;
    for (const node of [ui.figures, ui.summary, ui.zip, ui.crops, ui.record]) node.textContent = "";
    part("touch-hint").hidden = true;
    tool.showProblems(ui.problems, []);
    tool.showProblems(ui.warnings, []);
  }

  /// The read of `file` as the empty page: the one kept, or a new one, which replaces it.
  function readEmpty(file) {
    if (emptyRead && emptyRead.file === file) return emptyRead;
    forgetEmpty();
    const entry = { file, users: 0, core: null };
    entry.shot = tool.core(true).then(async (core) => {
      const shot = await core.readScreenshot(file.name, await tool.bytes(file));
      entry.core = core;
      return shot;
    });
    // Said on the page once read (for the one still chosen): the home screen's check starts from it.
    // A file that cannot be read is said at once, as the command line says it, before the home
    // screen is picked (once it is, its check says it).
    entry.shot.then(() => {
      if (emptyRead === entry) page.dataset.empty = "read";
    }, (error) => {
      if (emptyRead !== entry || form.elements.home.files[0]) return;
      tool.showProblems(ui.problems, [tool.message(error)]);
      state("error");
    });
    emptyRead = entry;
    return entry;
  }

  /// Stops keeping the empty page read: given back now, or when the last check using it ends.
  function forgetEmpty() {
    delete page.dataset.empty;
    const entry = emptyRead;
    emptyRead = null;
    if (entry) giveBack(entry);
  }

  /// Gives `entry`'s page back to the core once it is no longer the one kept and no check uses it.
  function giveBack(entry) {
    if (entry === emptyRead || entry.users > 0 || entry.given) return;
    entry.given = true;
    entry.shot.then((shot) => tool.release(entry.core, [shot]), () => {});
  }

  function signed(value) {
    return value === null ? words.unknown : words.pixels(value);
  }

  async function check(mine, keepChoice) {
    clear();
    const empty = form.elements.empty.files[0];
    const home = form.elements.home.files[0];
    // The empty page read as soon as it is picked; none kept once none is.
    if (!empty) forgetEmpty();
    const read = empty ? readEmpty(empty) : null;
    if (!empty || !home) {
      ui.choice.hidden = true;
      // Only the home screen: say what to do for the empty page, and open the how-to.
      if (home) document.getElementById("no-empty-page").open = true;
      return state("empty", home ? words.pickEmpty : empty ? words.pickHome : "");
    }
    state("working", words.looking(home.name));
    let core = null;
    const held = [];
    read.users += 1;
    try {
      core = await tool.core(true);
      const emptyShot = await read.shot;
      if (mine !== run) return;
      tool.showProblems(ui.warnings, emptyShot.warnings.map((warning) => words.warning(empty.name, warning)));
      const homeShot = await core.readScreenshot(home.name, await tool.bytes(home));
      held.push(homeShot);
      if (mine !== run) return;
      if (!keepChoice || !select.value) {
        const choice = core.layoutsFor(emptyShot.width, emptyShot.height);
        if (choice.problem) {
          tool.showProblems(ui.problems, [words.problem(empty.name, choice.problem)]);
          return state("error");
        }
        select.textContent = "";
        for (const layout of choice.layouts.filter((layout) => layout.hasPositions)) {
          const option = tool.element("option", { value: layout.value }, layout.label);
          option.selected = layout.isDefault;
          select.appendChild(option);
        }
        ui.choice.hidden = false;
      }
      const style = styleSelect.value;
      const checked = await core.checkWidgetsAndCrop(emptyShot, homeShot, select.value, style);
      if (mine !== run) return;
      if (checked.problem) {
        tool.showProblems(ui.problems, [checked.problem]);
        return state("error");
      }
      // Each crop's file, named by the core as `backdrop crop --style` names it.
      const names = checked.slots.filter((slot) => slot.placed).map((slot) => slot.files[0]);
      const zip = core.zip(checked.crops.map((crop, index) => ({ name: names[index], bytes: crop.png })));
      show(home, homeShot, checked, zip, names);
      const measured = checked.widgets.filter((widget) => widget.measured);
      const off = measured.filter((widget) => widget.dx || widget.dy).length;
      state("ready", `${words.found(measured.length, off, checked.widgets.length - measured.length)} ${words.ready(checked.crops.length)}`);
      // The results, where the eye goes.
      part("found-title").focus({ preventScroll: true });
      ui.results.scrollIntoView({ block: "start" });
    } catch (error) {
      if (mine !== run) return;
      tool.showProblems(ui.problems, [tool.message(error)]);
      state("error");
    } finally {
      if (core) tool.release(core, held);
      read.users -= 1;
      giveBack(read);
    }
  }

  /// One widget in plain words: which, and how far its background was off, or why it was not measured.
  function describe(widget) {
    const what = words.widget(tool.slotWords(widget.slot));
    if (!widget.measured) return `${what}: ${words.notMeasured(widget.unknown)}`;
    const parts = [];
    if (widget.dx === null) parts.push(words.cannotTell("x", widget.unknownX || widget.unknown));
    else if (widget.dx) parts.push(words.sideways(widget.dx));
    if (widget.dy === null) parts.push(words.cannotTell("y", widget.unknownY || widget.unknown));
    else if (widget.dy) parts.push(widget.dx ? words.upDown(widget.dy) : `its background was cut ${words.upDown(widget.dy)}`);
    return `${what}: ${parts.length ? parts.join(", ") : words.inPlace}${words.measuredHow(widget)}.`;
  }

  function show(file, shot, checked, zip, names) {
    for (const widget of checked.widgets) {
      ui.summary.appendChild(tool.element("li", {
        "data-slot": widget.slot, "data-measured": String(widget.measured), "data-dx": String(widget.dx), "data-dy": String(widget.dy),
      }, describe(widget)));
    }
    const placed = checked.slots.filter((slot) => slot.placed);
    let shareable = false;
    checked.crops.forEach((crop, index) => {
      const slot = placed[index];
      const name = names[index];
      const r = crop.rect;
      const item = tool.element("li", {
        class: `crop crop-${crop.family} fixed-crop`, "data-slot": crop.slot, "data-x": slot.x, "data-y": slot.y, "data-rect": `${r.x},${r.y},${r.width},${r.height}`,
      });
      item.appendChild(tool.element("p", { class: "crop-name" }, words.widget(tool.slotWords(crop.slot))));
      item.appendChild(tool.element("p", { class: "dims" }, `${words.moved(r.x - slot.listed.x, r.y - slot.listed.y)} ${words.howBoth(slot.x, slot.y, slot)}`));
      const blob = new Blob([crop.png], { type: "image/png" });
      const link = url(blob);
      const actions = item.appendChild(tool.element("div", { class: "picked-row" }));
      const shared = new File([crop.png], name, { type: "image/png" });
      if (navigator.canShare && navigator.share && navigator.canShare({ files: [shared] })) {
        shareable = true;
        const share = actions.appendChild(tool.element("button", { type: "button", class: "button", "data-share": name }, words.saveToPhotos));
        share.addEventListener("click", () => {
          navigator.share({ files: [shared] }).catch((error) => {
            if (error && error.name !== "AbortError") tool.showProblems(ui.problems, [words.couldNotShare(name, tool.message(error))]);
          });
        });
      }
      actions.appendChild(tool.element("a", { class: "button secondary", download: name, href: link, "data-download": name }, words.download(name)));
      // The picture at full resolution: touch and hold it to save it where sharing is not offered.
      item.appendChild(tool.element("img", { class: "picked-image", src: link, alt: words.image(crop.slot, r), width: r.width, height: r.height }));
      ui.crops.appendChild(item);
    });
    if (!shareable) {
      part("touch-hint").textContent = words.touchAndHold;
      part("touch-hint").hidden = false;
    }
    for (const slot of checked.slots.filter((slot) => !slot.placed)) {
      ui.crops.appendChild(tool.element("li", { class: "crop unplaced", "data-slot": slot.slot },
        `${words.widget(tool.slotWords(slot.slot))}: ${words.notPlaced(slot.unplaced)}`));
    }
    ui.zip.appendChild(tool.element("a", { download: "backdrop-corrected.zip", href: url(new Blob([zip], { type: "application/zip" })), "data-zip-link": "" },
      words.zip(checked.crops.length)));
    const figure = tool.element("figure");
    const boxes = checked.widgets.filter((widget) => widget.measured).map((widget) => {
      const box = tool.slotBox(widget.slot, widget.found);
      box.label = words.offset(signed(widget.dx), signed(widget.dy));
      return box;
    });
    figure.appendChild(tool.overlay(shot.width, shot.height, url(file), boxes, words.figure(shot.width, shot.height)));
    figure.appendChild(tool.element("figcaption", {}, words.caption(file.name)));
    ui.figures.appendChild(figure);
    ui.record.appendChild(tool.element("p", {}, words.recordCommand));
    ui.record.appendChild(tool.element("pre", { tabindex: "0" }, checked.recordCommand));
    ui.record.appendChild(tool.element("p", {}, words.record));
    ui.record.appendChild(tool.element("pre", { tabindex: "0" }, checked.layoutBlock));
    ui.results.hidden = false;
  }

  state("empty");
})();
