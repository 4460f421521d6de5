// What the make and measure pages share: the browser core, reading the picked files, the problems
// box and the slot overlay. Reading PNGs, choosing layouts, cropping, zipping and measuring are
// done by the core (Backdrop's Swift code compiled to WebAssembly), never here.
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  var loaded = null;

  /// The core, loaded once, with the catalog (geometry.json, which assets/geometry.js gives the page).
  function core() {
    if (!loaded) {
      loaded = window.BackdropCore.load().then(function (instance) {
        instance.setCatalog(JSON.stringify(window.BackdropGeometry));
        return instance;
      });
    }
    return loaded;
  }

  /// Releases screenshots read into the core (`shots`, from readScreenshot); a core that ran out
  /// of memory has nothing left to give back.
  function release(instance, shots) {
    shots.forEach(function (shot) {
      try {
        instance.release(shot);
      } catch (error) {
        if (!instance.outOfMemory) throw error;
      }
    });
  }

  function bytes(file) {
    return file.arrayBuffer().then(function (buffer) { return new Uint8Array(buffer); });
  }

  /// The words of an error: the core's message as the command line words it.
  function message(error) {
    return error && error.message ? error.message : String(error);
  }

  function element(tag, attributes, text) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) { node.setAttribute(name, attributes[name]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function svgElement(tag, attributes) {
    var node = document.createElementNS(SVG, tag);
    Object.keys(attributes).forEach(function (name) { node.setAttribute(name, attributes[name]); });
    return node;
  }

  var overlayStyle = null;
  function style() {
    if (!overlayStyle) overlayStyle = JSON.parse(document.getElementById("overlay-data").textContent);
    return overlayStyle;
  }

  /// The family of a slot, from its id (`small-top-left` → `small`).
  function family(slot) {
    return slot.indexOf("extra-large") === 0 ? "extra-large-portrait" : slot.split("-")[0];
  }

  /// The screenshot with boxes over it, drawn like the device pages' overlay. A box is
  /// `{ rect: {x, y, width, height}, className, title, label }`.
  function overlay(width, height, imageURL, boxes, description) {
    var s = style();
    var stroke = Math.max(s.strokeMinimum, Math.floor(width / s.strokeDivisor));
    var font = Math.max(s.fontMinimum, Math.floor(width / s.fontDivisor));
    var svg = svgElement("svg", {
      "class": "overlay", viewBox: "0 0 " + width + " " + height, role: "img", "aria-label": description,
      style: "--stroke: " + stroke + "px"
    });
    svg.appendChild(svgElement("image", { href: imageURL, x: 0, y: 0, width: width, height: height }));
    boxes.forEach(function (box) {
      var r = box.rect;
      var group = svgElement("g", { "class": box.className });
      var title = svgElement("title", {});
      title.textContent = box.title;
      group.appendChild(title);
      group.appendChild(svgElement("rect", { x: r.x, y: r.y, width: r.width, height: r.height, rx: stroke }));
      if (box.label) {
        var text = svgElement("text", {
          x: r.x + Math.floor(r.width / 2), y: r.y + Math.floor(r.height / 2) + Math.floor(font / 3), "font-size": font
        });
        text.textContent = box.label;
        group.appendChild(text);
      }
      svg.appendChild(group);
    });
    return svg;
  }

  /// A slot's box, labelled as on the device pages.
  function slotBox(slot, rect) {
    return { rect: rect, className: "slot slot-" + family(slot), title: slot, label: style().labels[slot] || slot };
  }

  /// The page's parts, by their `data-` attribute names.
  function parts(page) {
    var found = {};
    ["status", "problems", "warnings", "choice", "chosen", "choice-note", "explain", "caution", "results", "figures", "zip", "unavailable", "crops", "summary", "grid", "notes",
      "rejected", "comparisons", "layout-block", "record", "json", "tap-title", "picked", "picked-title", "picked-about", "picked-actions", "picked-figure", "which",
      "next-steps"].forEach(function (name) {
      found[name] = page.querySelector("[data-" + name + "]");
    });
    return found;
  }

  /// Shows the form (hidden for browsers without scripts), and calls `changed` whenever a file is
  /// picked or dropped. Two dropped files are told apart by `second` (a pattern of the second
  /// input's file name, e.g. /dark/i); one dropped file goes to the first input.
  function form(node, names, second, changed) {
    node.hidden = false;
    // Load the core while the person picks a file; a failure shows when a file is picked.
    core().catch(function () {});
    node.addEventListener("submit", function (event) { event.preventDefault(); });
    names.forEach(function (name) { node.elements[name].addEventListener("change", changed); });
    var zone = node.querySelector("[data-drop]");
    ["dragenter", "dragover"].forEach(function (type) {
      zone.addEventListener(type, function (event) { event.preventDefault(); zone.classList.add("dragging"); });
    });
    zone.addEventListener("dragleave", function () { zone.classList.remove("dragging"); });
    zone.addEventListener("drop", function (event) {
      event.preventDefault();
      zone.classList.remove("dragging");
      var files = Array.prototype.slice.call(event.dataTransfer.files, 0, 2);
      if (!files.length) return;
      if (files.length === 2 && second.test(files[0].name) && !second.test(files[1].name)) files.reverse();
      names.forEach(function (name, index) {
        var transfer = new DataTransfer();
        if (files[index]) transfer.items.add(files[index]);
        if (files[index] || files.length === 2 || index === 0) node.elements[name].files = transfer.files;
      });
      changed();
    });
  }

  function showProblems(box, messages) {
    box.textContent = "";
    messages.forEach(function (text) { box.appendChild(element("p", {}, text)); });
  }

  /// A crop's file name: its parts joined by "_" (the slot and, with two screenshots, the
  /// appearance), as `backdrop crop` names it: `small-top-left.png`, `small-top-left_dark.png`.
  function cropName(parts) {
    return parts.filter(Boolean).join("_").replace(/\//g, "_") + ".png";
  }

  /// Where a slot is, in words: `small-top-left` → "a small widget in the top row, left column",
  /// `large-top` → "a large widget in the top position".
  function slotWords(slot) {
    if (slot === "extra-large-portrait") return "an extra-large portrait widget (iOS 27)";
    var parts = slot.split("-");
    if (parts.length === 3) return "a " + parts[0] + " widget in the " + parts[1] + " row, " + parts[2] + " column";
    return "a " + parts[0] + " widget in the " + parts[1] + (parts[0] === "medium" ? " row" : " position");
  }

  /// The README.txt of a zip of crops, as bytes: `about` (lines saying which screenshots, phone and
  /// layout), then each file with where its widget goes, and how to use them.
  function readme(about, files) {
    var lines = ["Widget backgrounds", "==================", ""].concat(about, ["", "Made " + new Date().toLocaleString() + " in your browser by Backdrop's make page; nothing was uploaded.", "", "Files (each is the piece of the screenshot behind one widget slot):"]);
    files.forEach(function (file) { lines.push("  " + file.name + "  " + slotWords(file.slot) + (file.appearance ? ", " + file.appearance + " appearance" : "")); });
    lines.push("", "To use one: put a widget of that size in that slot, and give it the file as its background",
      "(Scriptable: widget.backgroundImage; Shortcuts: Extract Archive, then Save to Photo Album;",
      "a widget app: its background or photo setting, without zoom or border).",
      "A crop fits only its own slot. A new wallpaper, icon size, Display Zoom or iOS version needs new screenshots.", "");
    return new TextEncoder().encode(lines.join("\n"));
  }

  window.BackdropTool = {
    core: core, release: release, bytes: bytes, message: message, element: element, overlay: overlay, slotBox: slotBox, family: family,
    parts: parts, form: form, showProblems: showProblems, cropName: cropName, readme: readme, slotWords: slotWords
  };
})();
