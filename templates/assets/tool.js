// What the make and measure pages share: the browser core, reading the picked files, the problems
// box and the slot overlay. Reading PNGs, choosing layouts, cropping, zipping and measuring are
// done by the core (Backdrop's Swift code compiled to WebAssembly), never here.
(() => {
  "use strict";

  /// What the person reads from this script: where a slot is, and the README.txt of a zip of crops.
  const words = {
    extraLargeSlot: "an extra-large portrait widget (iOS 27)",
    gridSlot: (family, row, column) => `a ${family} widget in the ${row} row, ${column} column`,
    placeSlot: (family, place) => `a ${family} widget in the ${place}${family === "medium" ? " row" : " position"}`,
    readmeTitle: ["Widget backgrounds", "=================="],
    readmeMade: (when) => `Made ${when} in your browser by Backdrop's make page; nothing was uploaded.`,
    readmeFiles: "Files (each is the piece of the screenshot behind one widget slot):",
    readmeFile: (name, where, appearance) => `  ${name}  ${where}${appearance ? `, ${appearance} appearance` : ""}`,
    readmeUse: [
      "To use one: put a widget of that size in that slot, and give it the file as its background",
      "(Scriptable: widget.backgroundImage; Shortcuts: Extract Archive, then Save to Photo Album;",
      "a widget app: its background or photo setting, without zoom or border).",
      "A crop fits only its own slot. A new wallpaper, icon size, Display Zoom or iOS version needs new screenshots.",
    ],
  };

  const SVG = "http://www.w3.org/2000/svg";
  let loaded = null;
  let measuring = null;

  /// The core, loaded once, with the catalog (geometry.json, which assets/geometry.js gives the page).
  /// The make page carries the core without measuring (backdrop-make.js, the smaller module):
  /// `core(true)` is one that measures, the page's own when it does, else the full core
  /// (backdrop-core.js, named by the page's script's `data-measuring`), loaded once when first asked
  /// for. A screenshot read by one core is cropped, measured and released by that one.
  function core(measures = false) {
    if (!loaded) loaded = start();
    if (!measures) return loaded;
    if (!measuring) {
      measuring = loaded.then((instance) => (instance.measures ? instance : fullScript().then(start)));
      measuring.catch(() => {
        measuring = null;
      });
    }
    return measuring;
  }

  function start() {
    return window.BackdropCore.load().then((instance) => {
      instance.setCatalog(JSON.stringify(window.BackdropGeometry));
      return instance;
    });
  }

  /// Loads the full core's script, which defines BackdropCore anew (the core already loaded keeps working).
  function fullScript() {
    const carried = document.querySelector("script[data-measuring]");
    if (!carried) return Promise.reject(new Error("this page names no browser core that measures"));
    return new Promise((resolve, reject) => {
      const script = element("script", { src: carried.dataset.measuring });
      script.addEventListener("load", resolve);
      script.addEventListener("error", () =>
        reject(new Error(`the browser core that measures (${carried.dataset.measuring}) could not be loaded: reload the page to try again`)));
      document.head.appendChild(script);
    });
  }

  /// Releases screenshots read into the core (`shots`, from readScreenshot); a core that ran out
  /// of memory has nothing left to give back.
  function release(instance, shots) {
    for (const shot of shots) {
      try {
        instance.release(shot);
      } catch (error) {
        if (!instance.outOfMemory) throw error;
      }
    }
  }

  async function bytes(file) {
    return new Uint8Array(await file.arrayBuffer());
  }

  /// The words of an error: the core's message as the command line words it.
  function message(error) {
    return error && error.message ? error.message : String(error);
  }

  function element(tag, attributes, text) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function svgElement(tag, attributes) {
    const node = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
    return node;
  }

  let overlayStyle = null;
  function style() {
    if (!overlayStyle) overlayStyle = JSON.parse(document.getElementById("overlay-data").textContent);
    return overlayStyle;
  }

  /// The family of a slot, from its id (`small-top-left` → `small`).
  function family(slot) {
    return slot.startsWith("extra-large") ? "extra-large-portrait" : slot.split("-")[0];
  }

  /// The screenshot with boxes over it, drawn like the device pages' overlay. A box is
  /// `{ rect: {x, y, width, height}, className, title, label }`; a label is HTML over the picture,
  /// on its own dark background (its contrast is known whatever the wallpaper under it).
  function overlay(width, height, imageURL, boxes, description) {
    const s = style();
    const stroke = Math.max(s.strokeMinimum, Math.floor(width / s.strokeDivisor));
    const box = element("div", { class: "overlay-box" });
    const svg = box.appendChild(svgElement("svg", {
      class: "overlay", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": description,
      style: `--stroke: ${stroke}px`,
    }));
    svg.appendChild(svgElement("image", { href: imageURL, x: 0, y: 0, width, height }));
    for (const item of boxes) {
      const r = item.rect;
      const group = svgElement("g", { class: item.className });
      const title = svgElement("title", {});
      title.textContent = item.title;
      group.appendChild(title);
      group.appendChild(svgElement("rect", { x: r.x, y: r.y, width: r.width, height: r.height, rx: stroke }));
      svg.appendChild(group);
      if (item.label) {
        box.appendChild(element("span", {
          class: `${item.className} slot-label`, "aria-hidden": "true",
          style: `left:${percent(r.x + r.width / 2, width)};top:${percent(r.y + r.height / 2, height)}`,
        }, item.label));
      }
    }
    return box;
  }

  /// `part` of `whole` as a CSS percentage.
  function percent(part, whole) {
    return `${(100 * part) / whole}%`;
  }

  /// A slot's box, labelled as on the device pages.
  function slotBox(slot, rect) {
    return { rect, className: `slot slot-${family(slot)}`, title: slot, label: style().labels[slot] || slot };
  }

  /// The page's parts, by their `data-` attribute names.
  function parts(page) {
    const found = {};
    for (const name of ["status", "problems", "warnings", "choice", "chosen", "choice-note", "explain", "caution", "results", "figures", "zip", "unavailable",
      "crops", "summary", "grid", "notes", "rejected", "comparisons", "layout-block", "record", "json", "tap-title", "picked", "picked-title", "picked-about",
      "picked-actions", "picked-figure", "which", "next-steps", "style-about", "icons-offer", "icons-why"]) {
      found[name] = page.querySelector(`[data-${name}]`);
    }
    return found;
  }

  /// Shows the form (hidden for browsers without scripts), and calls `changed` whenever a file is
  /// picked or dropped. Two dropped files are told apart by `second` (a pattern of the second
  /// input's file name, e.g. /dark/i); one dropped file goes to the first input.
  function form(node, names, second, changed) {
    node.hidden = false;
    // Load the core while the person picks a file; a failure shows when a file is picked.
    core().catch(() => {});
    node.addEventListener("submit", (event) => event.preventDefault());
    for (const name of names) node.elements[name].addEventListener("change", changed);
    const zone = node.querySelector("[data-drop]");
    for (const type of ["dragenter", "dragover"]) {
      zone.addEventListener(type, (event) => {
        event.preventDefault();
        zone.classList.add("dragging");
      });
    }
    zone.addEventListener("dragleave", () => zone.classList.remove("dragging"));
    zone.addEventListener("drop", (event) => {
      event.preventDefault();
      zone.classList.remove("dragging");
      const files = Array.from(event.dataTransfer.files).slice(0, 2);
      if (!files.length) return;
      if (files.length === 2 && second.test(files[0].name) && !second.test(files[1].name)) files.reverse();
      names.forEach((name, index) => {
        const transfer = new DataTransfer();
        if (files[index]) transfer.items.add(files[index]);
        if (files[index] || files.length === 2 || index === 0) node.elements[name].files = transfer.files;
      });
      changed();
    });
  }

  function showProblems(box, messages) {
    box.textContent = "";
    for (const text of messages) box.appendChild(element("p", {}, text));
  }

  /// A crop's file name: its parts joined by "_" (the slot and, with two screenshots, the
  /// appearance), as `backdrop crop` names it: `small-top-left.png`, `small-top-left_dark.png`.
  function cropName(parts) {
    return `${parts.filter(Boolean).join("_").replace(/\//g, "_")}.png`;
  }

  /// Where a slot is, in words: `small-top-left` → "a small widget in the top row, left column",
  /// `large-top` → "a large widget in the top position".
  function slotWords(slot) {
    if (slot === "extra-large-portrait") return words.extraLargeSlot;
    const parts = slot.split("-");
    if (parts.length === 3) return words.gridSlot(parts[0], parts[1], parts[2]);
    return words.placeSlot(parts[0], parts[1]);
  }

  /// The README.txt of a zip of crops, as bytes: `about` (lines saying which screenshots, phone and
  /// layout), then each file with where its widget goes, and how to use them.
  function readme(about, files) {
    const lines = [...words.readmeTitle, "", ...about, "", words.readmeMade(new Date().toLocaleString()), "", words.readmeFiles];
    for (const file of files) lines.push(words.readmeFile(file.name, slotWords(file.slot), file.appearance));
    lines.push("", ...words.readmeUse, "");
    return new TextEncoder().encode(lines.join("\n"));
  }

  window.BackdropTool = {
    core, release, bytes, message, element, overlay, slotBox, family, parts, form, showProblems, cropName, readme, slotWords, percent,
  };
})();
