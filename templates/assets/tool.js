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

  /// The core, loaded once, with the catalog (geometry.json, which assets/geometry.js gives the page).
  function core() {
    if (!loaded) {
      loaded = window.BackdropCore.load().then((instance) => {
        instance.setCatalog(JSON.stringify(window.BackdropGeometry));
        return instance;
      });
    }
    return loaded;
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
  /// `{ rect: {x, y, width, height}, className, title, label }`.
  function overlay(width, height, imageURL, boxes, description) {
    const s = style();
    const stroke = Math.max(s.strokeMinimum, Math.floor(width / s.strokeDivisor));
    const font = Math.max(s.fontMinimum, Math.floor(width / s.fontDivisor));
    const svg = svgElement("svg", {
      class: "overlay", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": description,
      style: `--stroke: ${stroke}px`,
    });
    svg.appendChild(svgElement("image", { href: imageURL, x: 0, y: 0, width, height }));
    for (const box of boxes) {
      const r = box.rect;
      const group = svgElement("g", { class: box.className });
      const title = svgElement("title", {});
      title.textContent = box.title;
      group.appendChild(title);
      group.appendChild(svgElement("rect", { x: r.x, y: r.y, width: r.width, height: r.height, rx: stroke }));
      if (box.label) {
        const text = svgElement("text", {
          x: r.x + Math.floor(r.width / 2), y: r.y + Math.floor(r.height / 2) + Math.floor(font / 3), "font-size": font,
        });
        text.textContent = box.label;
        group.appendChild(text);
      }
      svg.appendChild(group);
    }
    return svg;
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
    core, release, bytes, message, element, overlay, slotBox, family, parts, form, showProblems, cropName, readme, slotWords,
  };
})();
