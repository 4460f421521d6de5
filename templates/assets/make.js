// The make page: crops a person's own screenshots with the browser core, as `backdrop crop` does.
(function () {
  "use strict";
  var tool = window.BackdropTool;
  var page = document.getElementById("make");
  var form = document.getElementById("make-form");
  var ui = tool.parts(page);
  var select = form.elements.layout;
  var shots = [];
  var layouts = [];
  var urls = [];
  var run = 0;

  tool.form(form, ["light", "dark"], /dark/i, function () { load(++run); });
  select.addEventListener("change", function () { crop(++run); });

  function state(name, text) {
    page.setAttribute("data-state", name);
    ui.status.textContent = text || "";
  }

  function clearResults() {
    urls.forEach(function (url) { URL.revokeObjectURL(url); });
    urls = [];
    ui.results.hidden = true;
    ui.explain.hidden = true;
    ui.caution.hidden = true;
    [ui.figures, ui.zip, ui.unavailable, ui.crops, ui.explain, ui.caution].forEach(function (node) { node.textContent = ""; });
  }

  function fail(messages) {
    clearResults();
    tool.showProblems(ui.problems, messages);
    state("error");
  }

  function url(blob) {
    var made = URL.createObjectURL(blob);
    urls.push(made);
    return made;
  }

  async function load(mine) {
    clearResults();
    tool.showProblems(ui.problems, []);
    tool.showProblems(ui.warnings, []);
    ui.choice.hidden = true;
    // The core keeps a screenshot's pixels until it is released: the page holds only the newest
    // pick's, and only once they are read and fit a layout; every other way out releases them.
    var old = shots;
    shots = [];
    var read = [];
    var core = null;
    var files = ["light", "dark"].map(function (name) { return { appearance: name, file: form.elements[name].files[0] }; })
      .filter(function (pick) { return pick.file; });
    if (!files.length && !old.length) return state("empty");
    if (files.length) state("working", "Reading " + files.map(function (pick) { return pick.file.name; }).join(" and ") + "…");
    try {
      core = await tool.core();
      tool.release(core, old.map(function (item) { return item.shot; }));
      if (!files.length) return state("empty");
      var problems = [];
      for (var i = 0; i < files.length; i++) {
        try {
          var shot = await core.readScreenshot(files[i].file.name, await tool.bytes(files[i].file));
          read.push({ appearance: files[i].appearance, file: files[i].file, shot: shot });
        } catch (error) {
          problems.push(tool.message(error));
        }
      }
      if (mine !== run) return;
      if (problems.length) return fail(problems);
      // What was dropped from a screenshot (a colour profile), as `backdrop crop` warns of it.
      tool.showProblems(ui.warnings, [].concat.apply([], read.map(function (item) {
        return item.shot.warnings.map(function (warning) { return item.file.name + ": warning: " + warning; });
      })));
      var first = read[0].shot;
      var mismatch = read.length === 2 ? core.lightAndDarkProblem(first, read[1].shot) : null;
      if (mismatch) return fail([mismatch]);
      var choice = core.layoutsFor(first.width, first.height);
      // The core words the size ("is 1000x2000 pixels; …") after a name, as `backdrop crop` does.
      if (choice.problem) {
        fail([read[0].file.name + ": " + choice.problem]);
        return unknownSize(first);
      }
      shots = read;
      read = [];
      select.textContent = "";
      layouts = choice.layouts;
      layouts.forEach(function (layout) {
        var option = tool.element("option", { value: layout.value }, layout.label);
        option.selected = layout.isDefault;
        select.appendChild(option);
      });
      describeChoice(first, layouts.filter(function (layout) { return layout.isDefault; })[0]);
      ui.choice.hidden = false;
      await crop(mine);
    } catch (error) {
      if (mine === run) fail([tool.message(error)]);
    } finally {
      if (core) tool.release(core, read.map(function (item) { return item.shot; }));
    }
  }

  /// What was chosen, in one line, with a button to change it, and the phones of the same
  /// screenshot size whose grid differs.
  function describeChoice(shot, chosen) {
    ui.chosen.textContent = "";
    ui.chosen.appendChild(tool.element("strong", {}, chosen.deviceName + " · " + chosen.title));
    ui.chosen.appendChild(document.createTextNode(" (" + shot.width + "×" + shot.height + " px) — "));
    var change = ui.chosen.appendChild(tool.element("button", { type: "button", "class": "link-button", "data-change": "" }, "change"));
    change.addEventListener("click", function () { select.focus(); });
    var others = layouts.filter(function (layout) { return layout.device !== chosen.device; })
      .map(function (layout) { return layout.deviceName; }).filter(function (name, index, all) { return all.indexOf(name) === index; });
    var why = layouts.length > 1 ? "Chosen: the newest iOS these phones run, with small icons and no Display Zoom." : "The only layout of this size.";
    if (others.length) why += " Screenshots of this size also come from the " + others.join(" and the ") + ", whose grid differs: if yours is one of them, change it.";
    ui.chosen.appendChild(tool.element("span", { "class": "why" }, " " + why));
    // How to tell layouts apart matters only when the size leaves more than one.
    ui["choice-note"].hidden = layouts.length < 2;
  }

  async function crop(mine) {
    // The screenshots of this run's pick: a newer pick replaces `shots` (and releases these).
    var picked = shots;
    if (!picked.length || !select.value) return;
    clearResults();
    tool.showProblems(ui.problems, []);
    var layout = select.value;
    var known = layouts.filter(function (item) { return item.value === layout; })[0];
    if (known && !known.hasPositions) return explain(known);
    state("working", "Cropping…");
    try {
      var core = await tool.core();
      var tiles = [];
      var entries = [];
      var unavailable = [];
      for (var i = 0; i < picked.length; i++) {
        var result = await core.crop(picked[i].shot, layout);
        if (mine !== run) return;
        unavailable = result.unavailable;
        picked[i].crops = result.crops;
        result.crops.forEach(function (piece, index) {
          var name = tool.cropName([layout, piece.slot, picked.length > 1 ? picked[i].appearance : ""]);
          if (!tiles[index]) tiles[index] = { slot: piece.slot, family: piece.family, rect: piece.rect, links: [] };
          tiles[index].links.push({ name: name, url: url(new Blob([piece.png], { type: "image/png" })), bytes: piece.png.length });
          entries.push({ name: name, bytes: piece.png, slot: piece.slot, appearance: picked.length > 1 ? picked[i].appearance : "" });
        });
      }
      var about = [known ? "Phone: " + known.deviceName + " (" + known.device + ")" : "Layout: " + layout,
        known ? "Layout: " + known.title + (known.ios ? " (" + known.ios + ")" : "") + ", positions " + known.positions : ""]
        .concat(picked.map(function (item) { return "Screenshot" + (picked.length > 1 ? " (" + item.appearance + ")" : "") + ": " + item.file.name + ", " + item.shot.width + "×" + item.shot.height + " px"; }));
      var zip = core.zip(entries.concat([{ name: "README.txt", bytes: tool.readme(about, entries) }]));
      show(picked, layout, tiles, unavailable, zip);
      if (known && known.error !== null) {
        var phones = known.errorPhones !== null ? " fitted on " + known.errorPhones + " measured phones" : "";
        ui.caution.textContent = "These positions are derived from a model" + phones + ", not measured on a phone like yours: they may be off by up to " +
          known.error + " px" + (phones ? " (an error estimated from those " + known.errorPhones + " phones)" : "") + ", which shows as a seam at the widget's edge. To be sure, ";
        ui.caution.appendChild(tool.element("a", { href: "#measured" }, "measure the slots on your own phone"));
        ui.caution.appendChild(document.createTextNode(" from this empty page and a second screenshot with a few widgets placed."));
        ui.caution.hidden = false;
      }
      state("ready", tiles.length + " slots cropped" + (picked.length > 1 ? " in light and dark" : "") + ".");
    } catch (error) {
      if (mine === run) fail([tool.message(error)]);
    }
  }

  /// A size no phone of the catalog takes: what is known, what is not, and the next step.
  function unknownSize(shot) {
    var next = tool.element("p", {}, "Known: your screenshot is " + shot.width + "×" + shot.height + " px, a size no phone in the catalog takes. " +
      "Not known: which phone it is, so where its widget slots are. Next: if the screenshot was resized or sent through an app, take it again on the phone; otherwise ");
    next.appendChild(tool.element("a", { href: "#measured" }, "measure the slots on your own phone"));
    next.appendChild(document.createTextNode(" from this empty page and a second screenshot of it with a few widgets placed."));
    ui.explain.appendChild(next);
    ui.explain.hidden = false;
  }

  /// A layout whose positions nobody measured or derived: what is known, what is not, what to do.
  /// No crops and no zip.
  function explain(layout) {
    var root = document.querySelector("link[rel=stylesheet]").getAttribute("href").replace("assets/site.css", "");
    ui.explain.appendChild(tool.element("p", {}, "Nothing to crop for " + layout.deviceName + ", " + layout.title + ": " +
      (layout.sizes ? "only the widgets' sizes are known for this layout (" + layout.sizes + "), not where they sit on the page"
        : "no source has measured this setting yet, neither the widgets' sizes nor where they sit, and a near layout's would be wrong") +
      ", so a crop would be a guess."));
    var next = tool.element("p", {}, "What you can do: ");
    next.appendChild(tool.element("a", { href: "#measured" }, "crop from your own two screenshots"));
    next.appendChild(document.createTextNode(" (this empty page and the same page with a few widgets placed), which measures the slots on your own phone, "));
    next.appendChild(tool.element("a", { href: root + "measure/index.html" }, "measure the layout from a screenshot with widgets placed"));
    next.appendChild(document.createTextNode(", or "));
    next.appendChild(tool.element("a", { href: root + "help-measure/index.html" }, "help measure it for everyone"));
    next.appendChild(document.createTextNode(". If another layout in the list matches your phone, pick it."));
    ui.explain.appendChild(next);
    ui.explain.hidden = false;
    state("unknown", "No positions known for this layout: nothing cropped.");
  }

  function show(picked, layout, tiles, unavailable, zip) {
    picked.forEach(function (item) {
      var figure = tool.element("figure");
      var boxes = item.crops.map(function (piece) { return tool.slotBox(piece.slot, piece.rect); });
      figure.appendChild(tool.overlay(item.shot.width, item.shot.height, url(item.file), boxes,
        "Your " + item.appearance + " screenshot of " + item.shot.width + "×" + item.shot.height + " px with the slots of " + layout));
      figure.appendChild(tool.element("figcaption", {}, item.file.name + " · " + item.shot.width + "×" + item.shot.height + " px"));
      ui.figures.appendChild(figure);
    });
    var zipName = "backdrop_" + layout.replace("/", "_") + ".zip";
    var zipLink = tool.element("a", { download: zipName, href: url(new Blob([zip], { type: "application/zip" })), "data-zip-link": "" },
      "All " + (tiles.length * picked.length) + " crops as " + zipName + " (with a README)");
    ui.zip.appendChild(zipLink);
    ui.unavailable.textContent = unavailable.length ? "No slot here: " + unavailable.join(", ") + "." : "";
    tiles.forEach(function (tile) {
      var item = tool.element("li", { "class": "crop crop-" + tile.family });
      var r = tile.rect;
      item.appendChild(tool.element("p", { "class": "crop-name" }, tile.slot));
      item.appendChild(tool.element("p", { "class": "dims" }, r.width + "×" + r.height + " px at " + r.x + ", " + r.y));
      var images = tool.element("div", { "class": "crop-images" });
      tile.links.forEach(function (link) {
        var anchor = tool.element("a", { download: link.name, href: link.url, "class": "crop-link" });
        anchor.appendChild(tool.element("img", { src: link.url, alt: link.name, width: r.width, height: r.height }));
        anchor.appendChild(tool.element("span", {}, link.name + " · " + Math.max(1, Math.round(link.bytes / 1024)) + " KB"));
        images.appendChild(anchor);
      });
      item.appendChild(images);
      ui.crops.appendChild(item);
    });
    ui.results.hidden = false;
  }

  state("empty");
})();
