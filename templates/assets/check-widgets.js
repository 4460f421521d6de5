// The make page's "my widgets don't line up" part: a screenshot of the home screen with
// transparent widgets in place, checked against the empty page they were cropped from, by the
// browser core, as `backdrop crop EMPTY --widgets-from HOME` checks it: how far each widget is
// off, and the empty page cropped again at every slot, corrected.
(() => {
  "use strict";

  /// What the person reads from this script: the status line, each widget's offset, and the corrected crops.
  const words = {
    pickOther: "Pick the other screenshot too.",
    looking: (home) => `Looking for your widgets on ${home}…`,
    warning: (file, warning) => `${file}: warning: ${warning}`,
    problem: (file, problem) => `${file}: ${problem}`,
    found: (widgets, off, crops) => `${widgets}${widgets === 1 ? " widget" : " widgets"} found, ${off} off its spot; ${crops} corrected backgrounds below.`,
    unknown: "unknown",
    pixels: (value) => `${value > 0 ? "+" : ""}${value} px`,
    offset: (dx, dy) => `x ${dx}, y ${dy}`,
    figure: (width, height) => `Your home screen of ${width}×${height} px with each widget found and how far it is off`,
    caption: (file) => `${file} · each box is where a widget is; its label, how far it is from its spot`,
    outline: "its outline measured",
    matched: (percent) => `${percent}% of it matched the wallpaper`,
    off: (dx, dy, how, unknown) => `: off by x ${dx}, y ${dy} (measured on your screenshots, within 1 px; ${how})${unknown ? `. Unknown: ${unknown}` : ""}`,
    zip: (count) => `All ${count} corrected backgrounds as backdrop-corrected.zip`,
    dims: (r, slot) => `${r.width}×${r.height} px at ${r.x}, ${r.y} (was ${slot.listed.x}, ${slot.listed.y}; ${slot.x} across, ${slot.y} down)`,
    cropLink: (slot, kilobytes) => `${slot}.png · ${kilobytes} KB`,
    recordCommand: "To give the columns and rows your widgets measured to the catalog, say who measured, with which iPhone and iOS version, and run:",
    record: "Or paste the positions your widgets measured into the device profile (widget sizes are not measured this way):",
  };

  const tool = window.BackdropTool;
  const page = document.getElementById("check-widgets");
  const form = document.getElementById("check-form");
  const ui = tool.parts(page);
  const select = form.elements.layout;
  let urls = [];
  let run = 0;

  tool.form(form, ["empty", "home"], /home|widget/i, () => check(++run, false));
  select.addEventListener("change", () => check(++run, true));

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
    tool.showProblems(ui.problems, []);
    tool.showProblems(ui.warnings, []);
  }

  function signed(value) {
    if (value === null) return words.unknown;
    return words.pixels(value);
  }

  async function check(mine, keepChoice) {
    clear();
    const empty = form.elements.empty.files[0];
    const home = form.elements.home.files[0];
    if (!empty || !home) {
      ui.choice.hidden = true;
      return state("empty", empty || home ? words.pickOther : "");
    }
    state("working", words.looking(home.name));
    let core = null;
    const held = [];
    try {
      core = await tool.core();
      const emptyShot = await core.readScreenshot(empty.name, await tool.bytes(empty));
      held.push(emptyShot);
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
      const checked = await core.checkWidgetsAndCrop(emptyShot, homeShot, select.value);
      if (mine !== run) return;
      if (checked.problem) {
        tool.showProblems(ui.problems, [checked.problem]);
        return state("error");
      }
      const zip = core.zip(checked.crops.map((crop) => ({ name: `${crop.slot}.png`, bytes: crop.png })));
      show(home, homeShot, checked, zip);
      const off = checked.widgets.filter((widget) => widget.dx || widget.dy).length;
      state("ready", words.found(checked.widgets.length, off, checked.crops.length));
    } catch (error) {
      if (mine !== run) return;
      tool.showProblems(ui.problems, [tool.message(error)]);
      state("error");
    } finally {
      if (core) tool.release(core, held);
    }
  }

  function show(file, shot, checked, zip) {
    const figure = tool.element("figure");
    const boxes = checked.widgets.map((widget) => {
      const box = tool.slotBox(widget.slot, widget.found);
      box.label = words.offset(signed(widget.dx), signed(widget.dy));
      return box;
    });
    figure.appendChild(tool.overlay(shot.width, shot.height, url(file), boxes, words.figure(shot.width, shot.height)));
    figure.appendChild(tool.element("figcaption", {}, words.caption(file.name)));
    ui.figures.appendChild(figure);
    for (const widget of checked.widgets) {
      const item = tool.element("li", { "data-slot": widget.slot });
      const how = widget.evidence === "outline" ? words.outline : words.matched(Math.round(widget.compared * 100));
      item.appendChild(tool.element("strong", {}, widget.slot));
      item.appendChild(document.createTextNode(words.off(signed(widget.dx), signed(widget.dy), how, widget.unknown)));
      ui.summary.appendChild(item);
    }
    ui.zip.appendChild(tool.element("a", { download: "backdrop-corrected.zip", href: url(new Blob([zip], { type: "application/zip" })), "data-zip-link": "" },
      words.zip(checked.crops.length)));
    checked.crops.forEach((crop, index) => {
      const slot = checked.slots[index];
      const item = tool.element("li", { class: `crop crop-${crop.family}`, "data-x": slot.x, "data-y": slot.y });
      const r = crop.rect;
      item.appendChild(tool.element("p", { class: "crop-name" }, crop.slot));
      item.appendChild(tool.element("p", { class: "dims" }, words.dims(r, slot)));
      const link = url(new Blob([crop.png], { type: "image/png" }));
      const anchor = tool.element("a", { download: `${crop.slot}.png`, href: link, class: "crop-link" });
      anchor.appendChild(tool.element("img", { src: link, alt: `${crop.slot}.png`, width: r.width, height: r.height }));
      anchor.appendChild(tool.element("span", {}, words.cropLink(crop.slot, Math.max(1, Math.round(crop.png.length / 1024)))));
      item.appendChild(anchor);
      ui.crops.appendChild(item);
    });
    ui.record.appendChild(tool.element("p", {}, words.recordCommand));
    ui.record.appendChild(tool.element("pre", { tabindex: "0" }, checked.recordCommand));
    ui.record.appendChild(tool.element("p", {}, words.record));
    ui.record.appendChild(tool.element("pre", { tabindex: "0" }, checked.layoutBlock));
    ui.results.hidden = false;
  }

  state("empty");
})();
