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
  var extraLarge = document.getElementById("family-extra-large-portrait").closest("label");
  // A crop of another size than the one now chosen is put away.
  page.querySelectorAll("input[name=family]").forEach(function (radio) {
    radio.addEventListener("change", function () {
      var shown = ui.picked.getAttribute("data-family");
      if (!ui.picked.hidden && shown && !document.getElementById("family-" + shown).checked) {
        ui.picked.hidden = true;
        ui.figures.querySelectorAll(".slot-button").forEach(function (button) { button.setAttribute("aria-pressed", "false"); });
      }
    });
  });

  var clearDark = form.querySelector("[data-clear-dark]");
  tool.form(form, ["light", "dark"], /dark/i, function () { load(++run); });
  clearDark.addEventListener("click", function () {
    form.elements.dark.value = "";
    load(++run);
  });
  select.addEventListener("change", function () {
    describeChoice();
    crop(++run);
  });

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
    ui.picked.hidden = true;
    [ui.figures, ui.zip, ui.unavailable, ui.crops, ui.explain, ui.caution, ui.which, ui["picked-actions"], ui["picked-figure"], ui["next-steps"]].forEach(function (node) { node.textContent = ""; });
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
    clearDark.hidden = !form.elements.dark.files.length;
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
          var bytes = await tool.bytes(files[i].file);
          var shot = await core.readScreenshot(files[i].file.name, bytes);
          read.push({ appearance: files[i].appearance, file: files[i].file, shot: shot, bytes: bytes });
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
      var names = read.map(function (item) { return item.file.name; }).join(" and ");
      var mismatch = read.length === 2 ? core.lightAndDarkProblem(first, read[1].shot) : null;
      if (mismatch) return fail([names + ": " + mismatch + ": pick a dark screenshot of the same page on the same phone, or remove it"]);
      if (read.length === 2 && sameBytes(read[0].bytes, read[1].bytes)) {
        return fail([names + ": the light and dark screenshots are the same picture: take the dark one with the phone in dark mode, or remove it"]);
      }
      read.forEach(function (item) { delete item.bytes; });
      var choice = core.layoutsFor(first.width, first.height);
      // The core words the size ("is 1000x2000 pixels; …") after a name, as `backdrop crop` does.
      if (choice.problem) {
        fail([read[0].file.name + ": " + choice.problem]);
        return unknownSize(first);
      }
      shots = read;
      read = [];
      select.textContent = "";
      layouts = menu(choice.layouts);
      layouts.forEach(function (layout) {
        var option = tool.element("option", { value: layout.menuValue }, layout.menuLabel);
        option.selected = layout.isDefault;
        select.appendChild(option);
      });
      describeChoice();
      ui.choice.hidden = false;
      await crop(mine);
      if (mine === run && !ui.results.hidden) {
        // Other phones take screenshots of this size with another grid: the choice stays in view.
        (otherPhones().length ? ui.choice : ui["tap-title"]).scrollIntoView({ block: "start" });
      }
    } catch (error) {
      if (mine === run) fail([tool.message(error)]);
    } finally {
      if (core) tool.release(core, read.map(function (item) { return item.shot; }));
    }
  }

  function sameBytes(a, b) {
    if (a.length !== b.length) return false;
    for (var i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }

  /// The menu: the core's layouts of the screenshot's size, each iOS 26–27 layout as two choices,
  /// iOS 26 and iOS 27 (one grid; only iOS 27 has the extra-large widget), the iOS words first so
  /// that a narrow menu still shows them. The default is the newest released iOS (26).
  function menu(coreLayouts) {
    var list = [];
    coreLayouts.forEach(function (layout) {
      var shared = layout.title.indexOf("iOS 26–27") === 0;
      (shared ? ["26", "27"] : [null]).forEach(function (version) {
        var title = version ? layout.title.replace("iOS 26–27", "iOS " + version) : layout.title;
        list.push(Object.assign({}, layout, {
          title: title, iosVersion: version, isDefault: layout.isDefault && version !== "27",
          menuValue: layout.value + (version === "27" ? "@27" : ""),
          menuLabel: title + " — " + layout.deviceName + " · positions " + layout.positions
        }));
      });
    });
    return list;
  }

  /// The other phones whose screenshots have this size (and another grid), by name.
  function otherPhones() {
    var chosen = chosenLayout();
    return layouts.filter(function (layout) { return layout.device !== chosen.device; })
      .map(function (layout) { return layout.deviceName; }).filter(function (name, index, all) { return all.indexOf(name) === index; });
  }

  /// Brings the layout menu into view and opens it where the browser can.
  function openMenu() {
    select.scrollIntoView({ block: "center" });
    select.focus();
    try {
      if (select.showPicker) select.showPicker();
    } catch (error) {
      // Opening a picker needs a user gesture in some browsers: focus is enough there.
    }
  }

  /// The menu's choice.
  function chosenLayout() { return layouts.filter(function (layout) { return layout.menuValue === select.value; })[0]; }

  /// What was chosen, in one line, with a button to change it, and the phones of the same
  /// screenshot size whose grid differs. Said again whenever the choice changes.
  function describeChoice() {
    var chosen = chosenLayout();
    var shot = shots[0].shot;
    ui.chosen.textContent = "";
    ui.chosen.appendChild(tool.element("strong", {}, chosen.deviceName + " · " + chosen.title));
    ui.chosen.appendChild(document.createTextNode(" (" + shot.width + "×" + shot.height + " px) · positions " + chosen.positions + " — "));
    var change = ui.chosen.appendChild(tool.element("button", { type: "button", "class": "link-button", "data-change": "" }, "change"));
    change.addEventListener("click", openMenu);
    var others = otherPhones();
    var why = !chosen.isDefault ? "Your choice." : layouts.length > 1 ? "Chosen: the newest iOS these phones run, with small icons and no Display Zoom." : "The only layout of this size.";
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
    var known = chosenLayout();
    var layout = known.value;
    if (!known.hasPositions) return explain(known);
    // The extra-large widget is iOS 27's: an iOS 26 choice leaves it out.
    var wanted = function (piece) { return known.iosVersion === "27" || piece.family !== "extra-large-portrait"; };
    extraLarge.hidden = known.iosVersion !== "27";
    if (extraLarge.hidden && extraLarge.querySelector("input").checked) document.getElementById("family-small").checked = true;
    state("working", "Cropping…");
    try {
      var core = await tool.core();
      var tiles = [];
      var entries = [];
      var unavailable = [];
      for (var i = 0; i < picked.length; i++) {
        var result = await core.crop(picked[i].shot, layout);
        if (mine !== run) return;
        unavailable = result.unavailable.filter(function (slot) { return wanted({ family: tool.family(slot) }); });
        picked[i].crops = result.crops.filter(wanted);
        picked[i].crops.forEach(function (piece, index) {
          var name = tool.cropName([piece.slot, picked.length > 1 ? picked[i].appearance : ""]);
          if (!tiles[index]) tiles[index] = { slot: piece.slot, family: piece.family, rect: piece.rect, links: [] };
          tiles[index].links.push({
            name: name, url: url(new Blob([piece.png], { type: "image/png" })), bytes: piece.png.length, png: piece.png,
            appearance: picked[i].appearance
          });
          entries.push({ name: name, bytes: piece.png, slot: piece.slot, appearance: picked.length > 1 ? picked[i].appearance : "" });
        });
      }
      var about = ["Phone: " + known.deviceName + " (" + known.device + ")", "Layout: " + known.title + ", positions " + known.positions]
        .concat(picked.map(function (item) { return "Screenshot" + (picked.length > 1 ? " (" + item.appearance + ")" : "") + ": " + item.file.name + ", " + item.shot.width + "×" + item.shot.height + " px"; }));
      var zip = core.zip(entries.concat([{ name: "README.txt", bytes: tool.readme(about, entries) }]));
      show(picked, known, tiles, unavailable, zip);
      if (known.error !== null) {
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

  function percent(part, whole) { return (100 * part / whole) + "%"; }

  /// The tapped slot's crop, full size, with the ways to put it into Photos (or Files) and to use it.
  function choose(tile, known) {
    ui.picked.hidden = false;
    ui.picked.setAttribute("data-family", tile.family);
    ui["picked-about"].textContent = "For " + tool.slotWords(tile.slot) + ", slot " + tile.slot + ", on " + known.deviceName + ", " + known.title +
      ": " + tile.rect.width + "×" + tile.rect.height + " px, positions " + known.positions + ".";
    ui["picked-actions"].textContent = "";
    ui["picked-figure"].textContent = "";
    tile.links.forEach(function (link, index) {
      var actions = ui["picked-actions"].appendChild(tool.element("div", { "class": "picked-row" }));
      if (tile.links.length > 1) actions.appendChild(tool.element("strong", {}, link.appearance + ": "));
      var file = new File([link.png], link.name, { type: "image/png" });
      var shareable = navigator.canShare && navigator.share && navigator.canShare({ files: [file] });
      if (shareable) {
        var share = actions.appendChild(tool.element("button", { type: "button", "class": "button", "data-share": link.name }, "Save to Photos…"));
        share.addEventListener("click", function () {
          navigator.share({ files: [file] }).catch(function (error) {
            if (error && error.name !== "AbortError") tool.showProblems(ui.problems, [link.name + ": could not share: " + tool.message(error)]);
          });
        });
      }
      actions.appendChild(tool.element("a", { "class": "button secondary", download: link.name, href: link.url, "data-download": link.name }, "Download " + link.name));
      var copy = actions.appendChild(tool.element("button", { type: "button", "class": "button secondary", "data-copy-scriptable": link.name }, "Copy for Scriptable"));
      var copied = actions.appendChild(tool.element("span", { "class": "copied", role: "status" }));
      copy.addEventListener("click", function () {
        var script = scriptable(link.name);
        var done = function () { copied.textContent = "Copied: paste it into a new Scriptable script."; };
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(script).then(done, function () { showScript(actions, script, copied); });
        } else {
          showScript(actions, script, copied);
        }
      });
      // The picture itself, at its full resolution: touch and hold it to save it where sharing is not offered.
      var figure = ui["picked-figure"].appendChild(tool.element("figure"));
      figure.appendChild(tool.element("img", {
        "class": "picked-image", "data-picked-image": "", "data-name": link.name, src: link.url,
        alt: "The background for " + tile.slot + (tile.links.length > 1 ? ", " + link.appearance : "") + ", " + tile.rect.width + "×" + tile.rect.height + " px"
      }));
      if (tile.links.length > 1) figure.appendChild(tool.element("figcaption", {}, link.name));
      if (!shareable && index === 0) {
        actions.insertBefore(tool.element("p", { "class": "hint" },
          "On an iPhone: touch and hold " + (tile.links.length > 1 ? "each picture" : "the picture") + " below, then tap Save to Photos."), actions.firstChild);
      }
    });
    nextSteps(tile, tile.links[0].name);
    ui["picked-title"].focus({ preventScroll: true });
    ui.picked.scrollIntoView({ block: "start" });
  }

  /// The Scriptable script that shows `name` (saved in Files › iCloud Drive › Scriptable) as a widget's background.
  function scriptable(name) {
    return ["// " + name + " must be in Files › iCloud Drive › Scriptable.", "const fm = FileManager.iCloud()",
      "const path = fm.joinPath(fm.documentsDirectory(), " + JSON.stringify(name) + ")", "await fm.downloadFileFromiCloud(path)",
      "const widget = new ListWidget()", "widget.backgroundImage = fm.readImage(path)", "Script.setWidget(widget)", "Script.complete()"].join("\n");
  }

  /// Where the clipboard cannot be written: the script, selected, to copy by hand.
  function showScript(actions, script, copied) {
    var box = actions.querySelector("textarea") || actions.appendChild(tool.element("textarea", { rows: "8", "aria-label": "Scriptable script", readonly: "" }));
    box.value = script;
    box.select();
    copied.textContent = "Select the script below and copy it.";
  }

  /// What to do with the saved picture: a widget app, Scriptable, and when to make it again.
  function nextSteps(tile, name) {
    var where = tool.slotWords(tile.slot);
    var box = ui["next-steps"];
    box.textContent = "";
    box.appendChild(tool.element("h3", {}, "Next: give it to your widget"));
    var list = box.appendChild(tool.element("ol"));
    [
      "In a widget app (one with a background or photo setting): add its widget of this size as " + where + ", open the widget's settings, choose this picture from Photos as the background, and turn off any zoom, blur or border.",
      "In Scriptable: save the picture to Files › iCloud Drive › Scriptable (Download, or Save to Files in the share sheet) as " + name + ", make a new script and paste “Copy for Scriptable” into it, then add a Scriptable widget of this size as " + where + " and choose the script in Edit Widget.",
      "A new wallpaper, icon size, Display Zoom or iOS version needs a new screenshot."
    ].forEach(function (text) { list.appendChild(tool.element("li", {}, text)); });
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

  function show(picked, known, tiles, unavailable, zip) {
    var layout = known.value;
    ui.which.textContent = "For " + known.deviceName + ", " + known.title + ". Not your phone or iOS? ";
    var change = ui.which.appendChild(tool.element("button", { type: "button", "class": "link-button" }, "Change it"));
    change.addEventListener("click", openMenu);
    // The first screenshot, drawn big, with a button over each slot: tapping one shows its crop.
    var item = picked[0];
    var figure = tool.element("figure", { "class": "slot-picker" });
    var frame = figure.appendChild(tool.element("div", { "class": "slot-frame" }));
    var boxes = item.crops.map(function (piece) { return tool.slotBox(piece.slot, piece.rect); });
    frame.appendChild(tool.overlay(item.shot.width, item.shot.height, url(item.file), boxes,
      "Your " + (picked.length > 1 ? item.appearance + " " : "") + "screenshot of " + item.shot.width + "×" + item.shot.height + " px with the widget slots of " + known.title));
    tiles.forEach(function (tile) {
      var r = tile.rect;
      var button = tool.element("button", {
        type: "button", "class": "slot-button slot-" + tile.family, "data-slot": tile.slot,
        "aria-label": tile.slot + ": " + tool.slotWords(tile.slot),
        style: "left:" + percent(r.x, item.shot.width) + ";top:" + percent(r.y, item.shot.height) + ";width:" + percent(r.width, item.shot.width) +
          ";height:" + percent(r.height, item.shot.height)
      });
      button.setAttribute("aria-pressed", "false");
      button.addEventListener("click", function () {
        ui.figures.querySelectorAll(".slot-button").forEach(function (other) { other.setAttribute("aria-pressed", String(other === button)); });
        choose(tile, known);
      });
      frame.appendChild(button);
    });
    figure.appendChild(tool.element("figcaption", {}, item.file.name + " · " + item.shot.width + "×" + item.shot.height + " px · pick the widget's size above, then tap its place"));
    ui.figures.appendChild(figure);
    var zipName = "backdrop_" + layout.replace("/", "_").replace("ios26", known.iosVersion ? "ios" + known.iosVersion : "ios26") + ".zip";
    var zipLink = tool.element("a", { download: zipName, href: url(new Blob([zip], { type: "application/zip" })), "data-zip-link": "" },
      "All " + (tiles.length * picked.length) + " crops as " + zipName + " (with a README)");
    ui.zip.appendChild(zipLink);
    ui.zip.appendChild(document.createTextNode(" — for a computer, or to keep every slot; on an iPhone a .zip lands in Files, not in Photos."));
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
