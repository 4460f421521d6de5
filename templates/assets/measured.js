// The make page's "measure from my screenshots" part: the slots measured on the user's own pair
// of screenshots of one page, and the empty one cropped at each, by the browser core, as
// `backdrop crop EMPTY --measured-from PLACED` does.
(function () {
  "use strict";
  var tool = window.BackdropTool;
  var page = document.getElementById("measured");
  var form = document.getElementById("measured-form");
  var ui = tool.parts(page);
  var urls = [];
  var run = 0;

  tool.form(form, ["empty", "placed"], /widget|placed/i, function () { measure(++run); });

  function state(name, text) {
    page.setAttribute("data-state", name);
    ui.status.textContent = text || "";
  }

  function url(blob) {
    var made = URL.createObjectURL(blob);
    urls.push(made);
    return made;
  }

  function clear() {
    urls.forEach(function (made) { URL.revokeObjectURL(made); });
    urls = [];
    ui.results.hidden = true;
    [ui.figures, ui.zip, ui.unavailable, ui.crops, ui.record].forEach(function (node) { node.textContent = ""; });
    tool.showProblems(ui.problems, []);
    tool.showProblems(ui.warnings, []);
  }

  async function measure(mine) {
    clear();
    var empty = form.elements.empty.files[0];
    var placed = form.elements.placed.files[0];
    if (!empty || !placed) return state("empty", empty || placed ? "Pick the other screenshot too." : "");
    state("working", "Measuring " + placed.name + " against " + empty.name + "…");
    var core = null;
    // The crops are copied out of the core, so what this run reads is released on every way out.
    var held = [];
    try {
      core = await tool.core();
      var emptyShot = await core.readScreenshot(empty.name, await tool.bytes(empty));
      held.push(emptyShot);
      if (mine !== run) return;
      // What was dropped from the page that is cropped, as `backdrop crop --measured-from` warns of it.
      tool.showProblems(ui.warnings, emptyShot.warnings.map(function (warning) { return empty.name + ": warning: " + warning; }));
      var placedShot = await core.readScreenshot(placed.name, await tool.bytes(placed));
      held.push(placedShot);
      if (mine !== run) return;
      var measured = await core.measureAndCrop(emptyShot, placedShot);
      if (mine !== run) return;
      if (measured.problem) {
        tool.showProblems(ui.problems, [measured.problem]);
        return state("error");
      }
      var zip = core.zip(measured.crops.map(function (crop) { return { name: crop.slot + ".png", bytes: crop.png }; }));
      show(empty, emptyShot, measured, zip);
      var seen = measured.slots.filter(function (slot) { return slot.kind === "seen"; }).length;
      state("ready", measured.crops.length + " slots measured and cropped (" + seen + " seen, " + (measured.slots.length - seen) + " implied by the grid).");
    } catch (error) {
      if (mine !== run) return;
      tool.showProblems(ui.problems, [tool.message(error)]);
      state("error");
    } finally {
      if (core) tool.release(core, held);
    }
  }

  function show(file, shot, measured, zip) {
    var figure = tool.element("figure");
    var boxes = measured.slots.map(function (slot) { return tool.slotBox(slot.slot, slot.rect); });
    figure.appendChild(tool.overlay(shot.width, shot.height, url(file), boxes,
      "Your empty screenshot of " + shot.width + "×" + shot.height + " px with the slots measured on your screenshots"));
    figure.appendChild(tool.element("figcaption", {}, file.name + " · " + shot.width + "×" + shot.height + " px"));
    ui.figures.appendChild(figure);
    ui.zip.appendChild(tool.element("a", { download: "backdrop-measured.zip", href: url(new Blob([zip], { type: "application/zip" })), "data-zip-link": "" },
      "All " + measured.crops.length + " crops as backdrop-measured.zip"));
    measured.crops.forEach(function (crop, index) {
      var slot = measured.slots[index];
      var item = tool.element("li", { "class": "crop crop-" + crop.family, "data-kind": slot.kind });
      var r = crop.rect;
      item.appendChild(tool.element("p", { "class": "crop-name" }, crop.slot + " · " + slot.kind + (slot.rowNamedByOrder ? " (row named by order)" : "")));
      item.appendChild(tool.element("p", { "class": "dims" }, r.width + "×" + r.height + " px at " + r.x + ", " + r.y));
      var link = url(new Blob([crop.png], { type: "image/png" }));
      var anchor = tool.element("a", { download: crop.slot + ".png", href: link, "class": "crop-link" });
      anchor.appendChild(tool.element("img", { src: link, alt: crop.slot + ".png", width: r.width, height: r.height }));
      anchor.appendChild(tool.element("span", {}, crop.slot + ".png · " + Math.max(1, Math.round(crop.png.length / 1024)) + " KB"));
      item.appendChild(anchor);
      ui.crops.appendChild(item);
    });
    var lost = measured.rejected.filter(function (region) { return region.mayBeAWidget; });
    ui.unavailable.textContent = (measured.undetermined.length
      ? "Not determined, so not cropped (never guessed): " + measured.undetermined.map(function (u) { return u.slot + " (" + u.reason + ")"; }).join("; ") + "."
      : "") + (lost.length
      ? " Set aside, not taken for widgets: " + lost.map(function (region) {
        var r = region.pixels;
        return r.width + "×" + r.height + " px at " + r.x + ", " + r.y + " (" + region.reason + ")";
      }).join("; ") + ": if one of them is a widget you placed, use a solid, single-colour widget there and take the screenshot again."
      : "");
    ui.record.appendChild(tool.element("p", {}, "To give this measurement to the catalog, say which iPhone, iOS version and icon size it is, and run:"));
    ui.record.appendChild(tool.element("pre", { tabindex: "0" }, measured.recordCommand));
    ui.record.appendChild(tool.element("p", {}, "or paste this block into the device profile:"));
    ui.record.appendChild(tool.element("pre", { tabindex: "0" }, measured.layoutBlock));
    var text = measured.recordCommand + "\n\n" + measured.layoutBlock + "\n";
    ui.record.appendChild(tool.element("a", { download: "backdrop-measurement.txt", href: url(new Blob([text], { type: "text/plain" })) },
      "Download the command and the profile block"));
    ui.results.hidden = false;
  }

  state("empty");
})();
