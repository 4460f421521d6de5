// The make page's "measure from my screenshots" part: the slots measured on the user's own pair
// of screenshots of one page, and the empty one cropped at each, by the browser core, as
// `backdrop crop EMPTY --measured-from PLACED` does.
(() => {
  "use strict";

  /// What the person reads from this script: the status line, the figure, the crops and how to record them.
  const words = {
    pickOther: "Pick the other screenshot too.",
    measuring: (placed, empty) => `Measuring ${placed} against ${empty}…`,
    warning: (file, warning) => `${file}: warning: ${warning}`,
    measured: (crops, seen, implied) => `${crops} slots measured and cropped (${seen} seen, ${implied} implied by the grid).`,
    figure: (width, height) => `Your empty screenshot of ${width}×${height} px with the slots measured on your screenshots`,
    caption: (file, width, height) => `${file} · ${width}×${height} px`,
    zip: (count) => `All ${count} crops as backdrop-measured.zip`,
    cropName: (slot, kind, rowNamedByOrder) => `${slot} · ${kind}${rowNamedByOrder ? " (row named by order)" : ""}`,
    dims: (r) => `${r.width}×${r.height} px at ${r.x}, ${r.y}`,
    cropLink: (slot, kilobytes) => `${slot}.png · ${kilobytes} KB`,
    undetermined: (list) => `Not determined, so not cropped (never guessed): ${list}.`,
    setAside: (list) => ` Set aside, not taken for widgets: ${list}: if one of them is a widget you placed, use a solid, single-colour widget there and take the screenshot again.`,
    region: (r, reason) => `${r.width}×${r.height} px at ${r.x}, ${r.y} (${reason})`,
    recordCommand: "To give this measurement to the catalog, say which iPhone, iOS version and icon size it is, and run:",
    recordBlock: "or paste this block into the device profile:",
    download: "Download the command and the profile block",
  };

  const tool = window.BackdropTool;
  const page = document.getElementById("measured");
  const form = document.getElementById("measured-form");
  const ui = tool.parts(page);
  let urls = [];
  let run = 0;

  tool.form(form, ["empty", "placed"], /widget|placed/i, () => measure(++run));

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
    for (const node of [ui.figures, ui.zip, ui.unavailable, ui.crops, ui.record]) node.textContent = "";
    tool.showProblems(ui.problems, []);
    tool.showProblems(ui.warnings, []);
  }

  async function measure(mine) {
    clear();
    const empty = form.elements.empty.files[0];
    const placed = form.elements.placed.files[0];
    if (!empty || !placed) return state("empty", empty || placed ? words.pickOther : "");
    state("working", words.measuring(placed.name, empty.name));
    let core = null;
    // The crops are copied out of the core, so what this run reads is released on every way out.
    const held = [];
    try {
      core = await tool.core(true);
      const emptyShot = await core.readScreenshot(empty.name, await tool.bytes(empty));
      held.push(emptyShot);
      if (mine !== run) return;
      // What was dropped from the page that is cropped, as `backdrop crop --measured-from` warns of it.
      tool.showProblems(ui.warnings, emptyShot.warnings.map((warning) => words.warning(empty.name, warning)));
      const placedShot = await core.readScreenshot(placed.name, await tool.bytes(placed));
      held.push(placedShot);
      if (mine !== run) return;
      const measured = await core.measureAndCrop(emptyShot, placedShot);
      if (mine !== run) return;
      if (measured.problem) {
        tool.showProblems(ui.problems, [measured.problem]);
        return state("error");
      }
      const zip = core.zip(measured.crops.map((crop) => ({ name: `${crop.slot}.png`, bytes: crop.png })));
      show(empty, emptyShot, measured, zip);
      const seen = measured.slots.filter((slot) => slot.kind === "seen").length;
      state("ready", words.measured(measured.crops.length, seen, measured.slots.length - seen));
    } catch (error) {
      if (mine !== run) return;
      tool.showProblems(ui.problems, [tool.message(error)]);
      state("error");
    } finally {
      if (core) tool.release(core, held);
    }
  }

  function show(file, shot, measured, zip) {
    const figure = tool.element("figure");
    const boxes = measured.slots.map((slot) => tool.slotBox(slot.slot, slot.rect));
    figure.appendChild(tool.overlay(shot.width, shot.height, url(file), boxes, words.figure(shot.width, shot.height)));
    figure.appendChild(tool.element("figcaption", {}, words.caption(file.name, shot.width, shot.height)));
    ui.figures.appendChild(figure);
    ui.zip.appendChild(tool.element("a", { download: "backdrop-measured.zip", href: url(new Blob([zip], { type: "application/zip" })), "data-zip-link": "" },
      words.zip(measured.crops.length)));
    measured.crops.forEach((crop, index) => {
      const slot = measured.slots[index];
      const item = tool.element("li", { class: `crop crop-${crop.family}`, "data-kind": slot.kind });
      const r = crop.rect;
      item.appendChild(tool.element("p", { class: "crop-name" }, words.cropName(crop.slot, slot.kind, slot.rowNamedByOrder)));
      item.appendChild(tool.element("p", { class: "dims" }, words.dims(r)));
      const link = url(new Blob([crop.png], { type: "image/png" }));
      const anchor = tool.element("a", { download: `${crop.slot}.png`, href: link, class: "crop-link" });
      anchor.appendChild(tool.element("img", { src: link, alt: `${crop.slot}.png`, width: r.width, height: r.height }));
      anchor.appendChild(tool.element("span", {}, words.cropLink(crop.slot, Math.max(1, Math.round(crop.png.length / 1024)))));
      item.appendChild(anchor);
      ui.crops.appendChild(item);
    });
    const lost = measured.rejected.filter((region) => region.mayBeAWidget);
    ui.unavailable.textContent =
      (measured.undetermined.length ? words.undetermined(measured.undetermined.map((u) => `${u.slot} (${u.reason})`).join("; ")) : "") +
      (lost.length ? words.setAside(lost.map((region) => words.region(region.pixels, region.reason)).join("; ")) : "");
    ui.record.appendChild(tool.element("p", {}, words.recordCommand));
    ui.record.appendChild(tool.element("pre", { tabindex: "0" }, measured.recordCommand));
    ui.record.appendChild(tool.element("p", {}, words.recordBlock));
    ui.record.appendChild(tool.element("pre", { tabindex: "0" }, measured.layoutBlock));
    const text = `${measured.recordCommand}\n\n${measured.layoutBlock}\n`;
    ui.record.appendChild(tool.element("a", { download: "backdrop-measurement.txt", href: url(new Blob([text], { type: "text/plain" })) }, words.download));
    ui.results.hidden = false;
  }

  state("empty");
})();
