// What the make and measure pages share: the browser core, reading the picked files, the problems
// box and the slot overlay. Reading PNGs, choosing layouts, cropping, zipping and measuring are
// done by the core (Backdrop's Swift code compiled to WebAssembly), never here.
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  var loaded = null;

  /// The core, loaded once, with the catalog embedded in the page.
  function core() {
    if (!loaded) {
      loaded = window.BackdropCore.load().then(function (instance) {
        instance.setCatalog(document.getElementById("geometry-data").textContent);
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
    ["status", "problems", "warnings", "choice", "chosen", "explain", "caution", "results", "figures", "zip", "unavailable", "crops", "summary", "grid", "notes",
      "rejected", "comparisons", "layout-block", "record", "json"].forEach(function (name) {
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

  window.BackdropTool = {
    core: core, release: release, bytes: bytes, message: message, element: element, overlay: overlay, slotBox: slotBox, family: family,
    parts: parts, form: form, showProblems: showProblems
  };
})();
