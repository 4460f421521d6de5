// The make page: crops a person's own screenshots with the browser core, as `backdrop crop` does.
(() => {
  "use strict";

  /// What the person reads from this script: the status line, the problems, the choice of layout,
  /// the crops and what to do with them.
  const words = {
    reading: (names) => `Reading ${names}…`,
    warning: (file, warning) => `${file}: warning: ${warning}`,
    problem: (file, problem) => `${file}: ${problem}`,
    mismatch: (names, mismatch) => `${names}: ${mismatch}: pick a dark screenshot of the same page on the same phone, or remove it`,
    menuLabel: (layout) => `${layout.title} — ${layout.deviceName} · ${sure(layout)}`,
    chosen: (layout) => `${layout.deviceName} · ${layout.title}`,
    chosenSize: (shot, layout) => ` (${shot.width}×${shot.height} px) · ${sure(layout)} — `,
    change: "change",
    yourChoice: "Your choice.",
    newest: "Chosen: the newest iOS these phones run, with small icons and no Display Zoom.",
    fromIcons: "Chosen: read off the page of app icons you picked, so in your phone's own icon size.",
    onlyLayout: "The only layout of this size.",
    fromDevicePage: (name) => `Chosen: the ${name}, whose page you came from.`,
    notThatPhone: (name, shot) => `Your screenshot (${shot.width}×${shot.height} px) is not the size of the ${name}'s screenshots, so the page chose by its size.`,
    forPhone: (name) => `For your ${name}: pick the screenshot of an empty home-screen page taken on it.`,
    otherPhones: (phones) => `Screenshots of this size also come from ${phones.map((phone) => `the ${phone.name}, ${phone.shift ? `whose widgets sit ${phone.shift}` : "whose grid differs"}`).join(", and ")}: if yours is one of them, `,
    changeOther: "change it",
    otherPhonesEnd: ".",
    higher: (pixels) => `${pixels} px higher`,
    lower: (pixels) => `${pixels} px lower`,
    left: (pixels) => `${pixels} px further left`,
    right: (pixels) => `${pixels} px further right`,
    seam: " If a seam shows, ",
    fixLink: "fix it from a screenshot of your home screen",
    seamOr: ", or ",
    cropping: "Cropping…",
    aboutPhone: (layout) => `Phone: ${layout.deviceName} (${layout.device})`,
    aboutLayout: (layout) => `Layout: ${layout.title}, positions ${layout.positions}`,
    aboutStyle: (style) => `Style: ${style.title} (${style.summary})`,
    styleAbout: (style) => style.name === "none" ? "" : `${style.title}: ${style.summary}. The slots below show it; the files and the .zip are named with it.`,
    aboutScreenshot: (item, appearance) => `Screenshot${appearance ? ` (${item.appearance})` : ""}: ${item.file.name}, ${item.shot.width}×${item.shot.height} px`,
    measureLink: "measure the slots on your own phone",
    seamEnd: ".",
    making: (done, count) => `Cropping every slot for the .zip: ${done} of ${count} done…`,
    cropped: (count, both) => `${count} slots cropped${both ? " in light and dark" : ""}.`,
    pickedAbout: (tile, layout, where) => `For ${where}, slot ${tile.slot}, on ${layout.deviceName}, ${layout.title}: ${tile.rect.width}×${tile.rect.height} px, ${sure(layout)}.`,
    saveToPhotos: "Save to Photos…",
    saveBothToPhotos: "Save both to Photos…",
    downloads: "Download: ",
    pictureCaption: (appearance, name) => `${appearance === "dark" ? "Dark" : "Light"} mode · ${name}`,
    whichPicture: "A widget app's photo (Widgetsmith's, for one) shows one picture in light and dark mode alike: choose the one of the mode your phone is in most of the time (with Appearance set to Automatic, the light one by day). " +
      "Scriptable can show each in its mode: “Copy for Scriptable” gives one script with both. Scriptable's documentation says that it cannot tell the appearance inside a widget, though: if yours keeps one picture, type dark or light as the widget's Parameter (Edit Widget).",
    couldNotShare: (file, message) => `${file}: could not share: ${message}`,
    copyForScriptable: "Copy for Scriptable",
    copied: "Copied: paste it into a new Scriptable script.",
    preparing: "Making the PNG file to save (the picture below already shows its pixels)…",
    pickedImage: (tile, appearance) => `The background for ${tile.slot}${appearance ? `, ${appearance}` : ""}, ${tile.rect.width}×${tile.rect.height} px`,
    touchAndHold: (several) => `On an iPhone: touch and hold ${several ? "each picture" : "the picture"} below, then tap Save to Photos.`,
    scriptNeeds: (names) => `// ${names.join(" and ")} must be in Files › iCloud Drive › Scriptable.`,
    scriptSwitches: [
      "// The widget shows the picture of the phone's appearance, light or dark. Scriptable's documentation",
      "// says Device.isUsingDarkAppearance() is not supported in widgets: if the widget keeps one picture,",
      "// type dark or light as its Parameter (touch and hold the widget, Edit Widget) to choose.",
    ],
    scriptLabel: "Scriptable script",
    selectScript: "Select the script below and copy it.",
    nextTitle: "Next: give it to your widget",
    nextSteps: (where, files) => [
      `In Widgetsmith, or another widget app with a photo setting: make a widget of this size whose style is a photo, choose ${files.length > 1 ? "one of these pictures" : "this picture"} from Photos, and turn off any zoom, blur or border; then add that app's widget of this size as ${where} and pick it in Edit Widget.`,
      `In Scriptable: save ${files.length > 1 ? "the pictures" : "the picture"} to Files › iCloud Drive › Scriptable (Download, or Save to Files in the share sheet) as ${files.join(" and ")}, make a new script and paste “Copy for Scriptable” into it, then add a Scriptable widget of this size as ${where} and choose the script in Edit Widget.`,
      "With Shortcuts, for every slot at once: the .zip below, then a shortcut with Select File, Extract Archive and Save to Photo Album puts every picture in an album.",
      { text: "Keep the home screen's Default (or Dark) appearance: Clear and Tinted (touch and hold the home screen, Edit › Customize) remove or tint a widget's background picture, so no picture can look transparent there; and iOS 26 draws a thin glass edge around every widget even in Default. ", link: "start/index.html#appearance", linkText: "Why, with Apple's documentation" },
      "A new wallpaper, icon size, Display Zoom or iOS version needs a new screenshot.",
    ],
    unknownSize: (shot) => `Known: your screenshot is ${shot.width}×${shot.height} px, a size no phone in the catalog takes. ` +
      "Not known: which phone it is, so where its widget slots are. Next: if the screenshot was resized or sent through an app, take it again on the phone; otherwise ",
    unknownSizeEnd: " from this empty page and a second screenshot of it with a few widgets placed.",
    nothingToCrop: (layout) => `Nothing to crop for ${layout.deviceName}, ${layout.title}: ` +
      (layout.sizes ? `only the widgets' sizes are known for this layout (${layout.sizes}), not where they sit on the page`
        : "no source has measured this setting yet, neither the widgets' sizes nor where they sit, and a near layout's would be wrong") +
      ", so a crop would be a guess.",
    whatYouCanDo: "What you can do: ",
    cropFromTwo: "crop from your own two screenshots",
    cropFromTwoAbout: " (this empty page and the same page with a few widgets placed), which measures the slots on your own phone, ",
    measureLayout: "measure the layout from a screenshot with widgets placed",
    or: ", or ",
    helpMeasure: "help measure it for everyone",
    pickAnother: ". If another layout in the list matches your phone, pick it.",
    noPositions: "No positions known for this layout: nothing cropped.",
    which: (layout, why) => `For ${layout.deviceName}, ${layout.title}. ${why} Not your phone or iOS? `,
    changeIt: "Change it",
    figure: (item, appearance, layout) =>
      `Your ${appearance ? `${item.appearance} ` : ""}screenshot of ${item.shot.width}×${item.shot.height} px with the widget slots of ${layout.title}`,
    slotLabel: (slot, where) => `${slot}: ${where}`,
    caption: (item) => `${item.file.name} · ${item.shot.width}×${item.shot.height} px · pick the widget's size above, then tap its place`,
    zip: (count, file) => `All ${count} crops as ${file} (with a README)`,
    zipNote: " — for a computer, or to keep every slot; on an iPhone a .zip lands in Files, not in Photos.",
    noSlot: (slots) => `No slot here: ${slots.join(", ")}.`,
    dims: (r) => `${r.width}×${r.height} px at ${r.x}, ${r.y}`,
    cropLink: (file, kilobytes) => `${file} · ${kilobytes} KB`,
    fixNote: "May be a few pixels off: if a seam shows, ",
    fixHere: "fix it here",
    readingIcons: (name) => `Reading the icons on ${name}…`,
    iconsTitle: "read off your icons",
    yourPhone: "Your phone",
    iconsWhy: "For exact positions on your phone, also pick a screenshot of a page with your app icons.",
    iconsWhyDerived: (layout) => `${layout.deviceName}, ${layout.title}: these positions are not measured on a phone like yours. ` +
      "For exact ones, also pick a screenshot of a page with your app icons: the slots are read off their grid.",
    iconsWhyUnknown: "This page knows no positions for your phone: pick a screenshot of a page with your app icons, and they are read off their grid.",
    iconsRead: (icons, slots) => `${icons} icons found: ${slots} slots read off them.`,
    iconsUnknown: (axes) => `What your icons cannot tell (never guessed): ${axes.join("; ")}.`,
    iconsCaution: "read them off a page of your app icons",
    iconsWhatYouSee: (assumed, mirrored, phones) => assumed
      ? "Read off your own icons, but with large icons how much wider the widgets are than the icons' grid is assumed, not measured: your widget may be a few pixels too wide or narrow, and a thin seam would show at its edge."
      : `Read off your own icons: on iOS 26 the widget slots follow the icons' grid, a rule checked on ${phones} measured phone${phones === 1 ? "" : "s"} to within 1 px, so the background meets the wallpaper around the widget.` +
        (mirrored ? ` One column no icon stands in was taken from its mirror image: up to ${mirrored} px off there.` : ""),
  };

  const tool = window.BackdropTool;
  const page = document.getElementById("make");
  const form = document.getElementById("make-form");
  const ui = tool.parts(page);
  const select = form.elements.layout;
  let shots = [];
  let layouts = [];
  let urls = [];
  let run = 0;
  const extraLarge = document.getElementById("family-extra-large-portrait").closest("label");
  // The slot last tapped, shown again when a new style is chosen.
  let pickedSlot = null;
  for (const radio of page.querySelectorAll("input[name=style]")) {
    radio.addEventListener("change", () => crop(++run));
  }

  /// The style chosen: `{ name, title, summary }` from its radio button.
  function chosenStyle() {
    const radio = page.querySelector("input[name=style]:checked");
    return { name: radio.value, title: radio.parentElement.textContent.trim(), summary: radio.parentElement.title };
  }
  // A crop of another size than the one now chosen is put away.
  for (const radio of page.querySelectorAll("input[name=family]")) {
    radio.addEventListener("change", () => {
      const shown = ui.picked.getAttribute("data-family");
      if (!ui.picked.hidden && shown && !document.getElementById(`family-${shown}`).checked) {
        ui.picked.hidden = true;
        for (const button of ui.figures.querySelectorAll(".slot-button")) button.setAttribute("aria-pressed", "false");
      }
    });
  }

  const forPhone = wantedDevice();
  if (forPhone) form.insertBefore(tool.element("p", { class: "for-phone", "data-for-phone": "" }, words.forPhone(forPhone.name)), form.firstChild);

  const clearDark = form.querySelector("[data-clear-dark]");
  tool.form(form, ["light", "dark"], /dark/i, () => load(++run));
  const iconsInput = form.elements.icons;
  const phones = Number(form.getAttribute("data-icon-rule-phones"));
  // The page of app icons read last: its screenshot in the core, and the slots read off it.
  let icons = null;
  iconsInput.addEventListener("change", () => readIcons(++run));
  clearDark.addEventListener("click", () => {
    form.elements.dark.value = "";
    load(++run);
  });
  select.addEventListener("change", () => {
    describeChoice();
    crop(++run);
  });

  function state(name, text) {
    page.setAttribute("data-state", name);
    ui.status.textContent = text || "";
  }

  function clearResults() {
    for (const url of urls) URL.revokeObjectURL(url);
    urls = [];
    ui.results.hidden = true;
    ui.explain.hidden = true;
    ui.caution.hidden = true;
    ui.picked.hidden = true;
    for (const node of [ui.figures, ui.zip, ui.unavailable, ui.crops, ui.explain, ui.caution, ui.which, ui["picked-actions"], ui["picked-figure"], ui["next-steps"],
      ui["style-about"]]) {
      node.textContent = "";
    }
  }

  function fail(messages) {
    clearResults();
    tool.showProblems(ui.problems, messages);
    state("error");
  }

  function url(blob) {
    const made = URL.createObjectURL(blob);
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
    const old = shots;
    shots = [];
    let read = [];
    let core = null;
    clearDark.hidden = !form.elements.dark.files.length;
    const files = ["light", "dark"].map((name) => ({ appearance: name, file: form.elements[name].files[0] })).filter((pick) => pick.file);
    if (!files.length && !old.length) return state("empty");
    if (files.length) state("working", words.reading(files.map((pick) => pick.file.name).join(" and ")));
    try {
      // A page of icons is read by the core that measures (the full one): the screenshots too, then.
      core = await tool.core(Boolean(iconsInput.files[0]));
      forget(old);
      if (!files.length) return state("empty");
      const problems = [];
      for (const pick of files) {
        try {
          const shot = await core.readScreenshot(pick.file.name, await tool.bytes(pick.file));
          // The browser decodes the picture too, off the page's thread, while the core reads it:
          // a tapped slot is shown from it at once while its file is made.
          const picture = typeof createImageBitmap === "function" ? createImageBitmap(pick.file).catch(() => null) : Promise.resolve(null);
          read.push({ appearance: pick.appearance, file: pick.file, shot, picture, core });
        } catch (error) {
          problems.push(tool.message(error));
        }
      }
      if (mine !== run) return;
      if (problems.length) return fail(problems);
      // What was dropped from a screenshot (a colour profile), as `backdrop crop` warns of it.
      tool.showProblems(ui.warnings, read.flatMap((item) => item.shot.warnings.map((warning) => words.warning(item.file.name, warning))));
      const first = read[0].shot;
      const names = read.map((item) => item.file.name).join(" and ");
      const mismatch = read.length === 2 ? core.lightAndDarkProblem(first, read[1].shot) : null;
      if (mismatch) return fail([words.mismatch(names, mismatch)]);
      const choice = core.layoutsFor(first.width, first.height);
      shots = read;
      read = [];
      ui["icons-offer"].hidden = false;
      // The core words the size ("is 1000x2000 pixels; …") after a name, as `backdrop crop` does.
      if (choice.problem) {
        layouts = [];
        select.textContent = "";
        fail([words.problem(shots[0].file.name, choice.problem)]);
        offerIcons(null);
        unknownSize(first);
        await readIcons(mine);
        return;
      }
      layouts = preferDevice(menu(choice.layouts));
      fillMenu();
      ui.choice.hidden = false;
      // The page of icons, when one is picked, is read against this screenshot (and offered first).
      await readIcons(mine);
    } catch (error) {
      if (mine === run) fail([tool.message(error)]);
    } finally {
      forget(read);
    }
  }

  /// Reads the slots off the page of app icons picked (against the first screenshot), and offers
  /// them first in the menu, chosen; without one, the menu is the catalog's again.
  async function readIcons(mine) {
    const file = iconsInput.files[0];
    try {
      // The screenshots were read by the make page's own core, which does not measure: read again
      // by the one that does (which then reads the icons).
      if (file && shots.length && !shots[0].core.measures) return await load(mine);
      const core = shots.length ? shots[0].core : await tool.core();
      if (icons) tool.release(icons.core, [icons.shot]);
      icons = null;
      layouts = layouts.filter((layout) => layout.value !== "icons");
      if (!shots.length) return;
      if (!file) {
        fillMenu();
        return layouts.length ? crop(mine, true) : undefined;
      }
      state("working", words.readingIcons(file.name));
      const shot = await core.readScreenshot(file.name, await tool.bytes(file));
      if (mine !== run) return tool.release(core, [shot]);
      const base = layouts.find((layout) => layout.isDefault) || layouts[0];
      const answer = core.readIcons(shots[0].shot, shot, base ? base.value : "", phones);
      icons = { shot, answer, core };
      if (answer.problem) {
        // The catalog's layouts stay, cropped as before; the reason the icons were refused is
        // said after that crop (which clears the problems it does not find itself).
        fillMenu();
        if (layouts.length) await crop(mine, true);
        if (mine !== run) return;
        tool.showProblems(ui.problems, [answer.problem]);
        if (!layouts.length) state("error");
        return;
      }
      tool.showProblems(ui.problems, []);
      // How the slots are known: the core's words for the first slot (the menu, the chosen line),
      // and why they can be trusted, or how far off they may be, above the slots.
      const known = answer.slots[0].known;
      const assumed = answer.rule.assumed;
      const mirrored = Math.max(...answer.slots.map((slot) => slot.error));
      const own = {
        value: "icons", device: answer.device || "your-phone", deviceName: base ? base.deviceName : words.yourPhone, positions: known,
        hasPositions: true, error: null, errorPhones: null, isDefault: true, fromIcons: answer, origin: null,
        positionsKind: assumed ? "icons-assumed" : "icons", sure: known, whatYouSee: words.iconsWhatYouSee(assumed, mirrored, phones),
        title: `iOS 26–27, ${answer.layout === "ios26-large-icons" ? "large icons, " : ""}${words.iconsTitle}`,
      };
      layouts = [...menu([own]), ...layouts.map((layout) => ({ ...layout, isDefault: false }))];
      fillMenu();
      ui.explain.hidden = true;
      ui.choice.hidden = false;
      await crop(mine, true);
      if (mine === run) {
        const unknown = answer.unknownAxes.concat(answer.unknownSlots.map((slot) => `${slot.id}: ${slot.reason}`));
        ui.status.textContent = words.iconsRead(answer.icons.length, answer.slots.length) + (unknown.length ? ` ${words.iconsUnknown(unknown)}` : "");
      }
    } catch (error) {
      if (mine === run) fail([tool.message(error)]);
    }
  }

  /// The menu from `layouts`, the default (or the first) chosen, and what was chosen said.
  function fillMenu() {
    select.textContent = "";
    for (const layout of layouts) {
      const option = tool.element("option", { value: layout.menuValue }, layout.menuLabel);
      option.selected = layout.isDefault;
      select.appendChild(option);
    }
    if (layouts.length) describeChoice();
  }

  /// The offer to read the slots off a page of icons, in the words the chosen layout calls for:
  /// louder where its positions are derived, unknown or for large icons.
  function offerIcons(layout) {
    const why = ui["icons-why"];
    const needed = !layout || !layout.hasPositions || layout.error !== null || /large/.test(layout.layout || "");
    why.textContent = !layout ? words.iconsWhyUnknown : needed && !layout.fromIcons ? words.iconsWhyDerived(layout) : words.iconsWhy;
    ui["icons-offer"].classList.toggle("notice", needed && !(layout && layout.fromIcons));
  }

  /// Lets go of screenshots the page no longer holds: their pixels in the core and the browser's
  /// decoded pictures of them.
  function forget(items) {
    for (const item of items) tool.release(item.core, [item.shot]);
    for (const item of items) item.picture.then((bitmap) => bitmap && bitmap.close());
  }

  /// The menu: the core's layouts of the screenshot's size, each iOS 26–27 layout as two choices,
  /// iOS 26 and iOS 27 (one grid; only iOS 27 has the extra-large widget), the iOS words first so
  /// that a narrow menu still shows them. The default is the newest released iOS (26).
  function menu(coreLayouts) {
    const list = [];
    for (const layout of coreLayouts) {
      const shared = layout.title.startsWith("iOS 26–27");
      for (const version of shared ? ["26", "27"] : [null]) {
        const title = version ? layout.title.replace("iOS 26–27", `iOS ${version}`) : layout.title;
        const choice = {
          ...layout, title, iosVersion: version, isDefault: layout.isDefault && version !== "27",
          menuValue: layout.value + (version === "27" ? "@27" : ""),
        };
        choice.menuLabel = words.menuLabel(choice);
        list.push(choice);
      }
    }
    return list;
  }

  /// The other phones whose screenshots have this size (and another grid): `{ name, shift }`, the
  /// shift saying where their widgets sit beside the chosen layout's ("36 px higher"), from their
  /// layout of the same iOS and icons; empty where they have none, or no known positions.
  function otherPhones() {
    const chosen = chosenLayout();
    const phones = [];
    for (const layout of layouts) {
      if (layout.device === chosen.device || phones.some((phone) => phone.device === layout.device)) continue;
      const same = layouts.find((other) => other.device === layout.device && other.layout === chosen.layout);
      phones.push({ device: layout.device, name: layout.deviceName, shift: same ? shift(chosen.origin, same.origin) : "" });
    }
    return phones;
  }

  /// Where slots whose top-left corner is `to` sit beside slots at `from`, in words; empty when
  /// either is unknown or they sit at the same place.
  function shift(from, to) {
    if (!from || !to) return "";
    const dx = to.x - from.x;
    const dy = to.y - from.y;
    const parts = [];
    if (dy) parts.push(dy < 0 ? words.higher(-dy) : words.lower(dy));
    if (dx) parts.push(dx < 0 ? words.left(-dx) : words.right(dx));
    return parts.join(" and ");
  }

  /// How sure a layout's positions are, in a few words (the core's, as the device pages say it),
  /// or what is known where there are no positions.
  function sure(layout) {
    return layout.sure || `positions ${layout.positions}`;
  }

  /// The site's root, relative to this page.
  function siteRoot() {
    return document.querySelector("link[rel=stylesheet]").getAttribute("href").replace("assets/site.css", "");
  }

  /// The phone the page was opened for (`?device=ID`, from a device page), or null.
  function wantedDevice() {
    const id = new URLSearchParams(location.search).get("device");
    const geometry = window.BackdropGeometry;
    const device = id && geometry && geometry.devices.find((known) => known.id === id);
    return device ? { id, name: device.name } : null;
  }

  /// The menu with the phone the page was opened for (`?device=ID`) chosen, when the screenshot's
  /// size fits it: its layout of the iOS and icons the page would choose, else its newest one.
  function preferDevice(list) {
    const wanted = wantedDevice();
    const chosen = list.find((layout) => layout.isDefault);
    if (!wanted || !chosen || chosen.device === wanted.id) return list;
    const own = list.filter((layout) => layout.device === wanted.id && layout.hasPositions && layout.iosVersion !== "27");
    const pick = own.find((layout) => layout.layout === chosen.layout) || own[own.length - 1];
    if (!pick) return list;
    return list.map((layout) => ({ ...layout, isDefault: layout === pick, fromDevicePage: layout === pick }));
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
  function chosenLayout() {
    return layouts.find((layout) => layout.menuValue === select.value);
  }

  /// What was chosen, in one line, with a button to change it, and the phones of the same
  /// screenshot size whose grid differs. Said again whenever the choice changes.
  function describeChoice() {
    const chosen = chosenLayout();
    const shot = shots[0].shot;
    ui.chosen.textContent = "";
    ui.chosen.appendChild(tool.element("strong", {}, words.chosen(chosen)));
    ui.chosen.appendChild(document.createTextNode(words.chosenSize(shot, chosen)));
    const change = ui.chosen.appendChild(tool.element("button", { type: "button", class: "link-button", "data-change": "" }, words.change));
    change.addEventListener("click", openMenu);
    const others = otherPhones();
    const alsoOthers = others.length && !chosen.fromIcons ? ` ${words.otherPhones(others)}${words.changeOther}${words.otherPhonesEnd}` : "";
    ui.chosen.appendChild(tool.element("span", { class: "why" }, ` ${why(chosen, shot)}${alsoOthers}`));
    // How to tell layouts apart matters only when the size leaves more than one.
    ui["choice-note"].hidden = layouts.length < 2;
  }

  /// Why the page chose this layout, in one sentence (or two, when the phone it was opened for
  /// takes screenshots of another size).
  function why(chosen, shot) {
    const wanted = wantedDevice();
    const missed = wanted && !layouts.some((layout) => layout.device === wanted.id) ? `${words.notThatPhone(wanted.name, shot)} ` : "";
    if (chosen.fromIcons) return words.fromIcons;
    if (chosen.fromDevicePage) return words.fromDevicePage(chosen.deviceName);
    return missed + (!chosen.isDefault ? words.yourChoice : layouts.length > 1 ? words.newest : words.onlyLayout);
  }

  /// Crops the picked screenshots at the chosen layout's slots in the chosen style: the slots are
  /// drawn as soon as the layout is planned, a tapped slot is cropped before the others, and the
  /// list of every crop and the .zip follow. `scroll` brings the slots into view once drawn.
  async function crop(mine, scroll) {
    // The screenshots of this run's pick: a newer pick replaces `shots` (and releases these).
    const picked = shots;
    if (!picked.length || !select.value) return;
    const wasPicked = ui.picked.hidden ? null : pickedSlot;
    clearResults();
    tool.showProblems(ui.problems, []);
    const known = chosenLayout();
    const layout = known.value;
    offerIcons(known);
    if (!known.hasPositions) return explain(known);
    // The extra-large widget is iOS 27's: an iOS 26 choice leaves it out.
    const wanted = (piece) => known.iosVersion === "27" || piece.family !== "extra-large-portrait";
    extraLarge.hidden = known.iosVersion !== "27";
    if (extraLarge.hidden && extraLarge.querySelector("input").checked) document.getElementById("family-small").checked = true;
    state("working", words.cropping);
    try {
      // The core that read the screenshots crops them.
      const core = picked[0].core;
      const style = chosenStyle();
      // Each screenshot's plan (the styled screen is made here, once).
      const plans = picked.map((item) => core.plan(item.shot, layout, style.name));
      const unavailable = plans[0].unavailable.filter((slot) => wanted({ family: tool.family(slot) }));
      const tiles = [];
      plans[0].crops.forEach((planned, index) => {
        if (wanted(planned)) tiles.push({ slot: planned.slot, family: planned.family, rect: planned.rect, index, links: [], made: null, button: null });
      });
      // A tile's crops (one a screenshot), cropped once, when first asked for: by a tap or in turn.
      const made = (tile) => {
        tile.made ??= Promise.all(picked.map(async (item, which) => {
          const piece = await core.cropSlot(item.shot, plans[which].crops[tile.index], tile.index);
          // Named as `backdrop crop --style` names it (`small-top-left-glass.png`), and by appearance.
          const name = tool.cropName([piece.file.replace(/\.png$/, ""), picked.length > 1 ? item.appearance : ""]);
          tile.links[which] = {
            name, url: url(new Blob([piece.png], { type: "image/png" })), bytes: piece.png.length, png: piece.png, appearance: item.appearance,
          };
        })).then(() => {
          // The live preview of a style: the slot's crop in it, in place over the screenshot.
          if (style.name !== "none" && mine === run) tile.button.style.backgroundImage = `url("${tile.links[0].url}")`;
        });
        return tile.made;
      };
      drawSlots(mine, picked, known, tiles, style, made);
      // The slots, where the eye goes, with the choice said above them.
      if (scroll) ui["tap-title"].scrollIntoView({ block: "start" });
      // The slot shown before a new style was chosen is cropped first and shown again.
      const again = tiles.find((tile) => tile.slot === wasPicked);
      const order = again ? [again, ...tiles.filter((tile) => tile !== again)] : tiles;
      for (const [done, tile] of order.entries()) {
        ui.zip.textContent = words.making(done, tiles.length);
        // The next crop's rows are filtered while this one is deflated on a worker (its failure
        // is reported when its turn comes).
        if (done + 1 < order.length) made(order[done + 1]).catch(() => {});
        await made(tile);
        if (mine !== run) return;
        if (tile === again && ui.picked.hidden) {
          tile.button.setAttribute("aria-pressed", "true");
          choose(again, known, true);
        }
      }
      const entries = picked.flatMap((item, which) =>
        tiles.map((tile) => ({ name: tile.links[which].name, bytes: tile.links[which].png, slot: tile.slot, appearance: picked.length > 1 ? item.appearance : "" })));
      const about = [words.aboutPhone(known), words.aboutLayout(known), words.aboutStyle(style), ...picked.map((item) => words.aboutScreenshot(item, picked.length > 1))];
      const zip = core.zip([...entries, { name: "README.txt", bytes: tool.readme(about, entries) }]);
      listCrops(known, tiles, unavailable, zip, style, picked.length);
      state("ready", words.cropped(tiles.length, picked.length > 1));
    } catch (error) {
      if (mine === run) fail([tool.message(error)]);
    }
  }

  /// The picked part opened for `tile`: said what it is, its actions and pictures emptied.
  function openPicked(tile, known) {
    pickedSlot = tile.slot;
    ui.picked.hidden = false;
    ui.picked.setAttribute("data-family", tile.family);
    ui["picked-about"].textContent = words.pickedAbout(tile, known, tool.slotWords(tile.slot));
    ui["picked-actions"].textContent = "";
    ui["picked-figure"].textContent = "";
  }

  /// A tapped slot whose file is not made yet, shown at once at full size, drawn from the
  /// screenshots' decoded `pictures` (ImageBitmaps: the plain style's crop is their region), with
  /// word that its file is on its way; `choose` replaces it with the file. Returns true.
  function preview(tile, known, picked, pictures) {
    openPicked(tile, known);
    ui["picked-actions"].appendChild(tool.element("p", { class: "hint", role: "status" }, words.preparing));
    const r = tile.rect;
    const box = pictureBox(pictures.length > 1);
    pictures.forEach((picture, index) => {
      const figure = box.appendChild(tool.element("figure"));
      const canvas = figure.appendChild(tool.element("canvas", {
        class: "picked-image", "data-picked-preview": "", width: r.width, height: r.height, role: "img",
        "aria-label": words.pickedImage(tile, picked.length > 1 ? picked[index].appearance : null),
      }));
      canvas.getContext("2d").drawImage(picture, r.x, r.y, r.width, r.height, 0, 0, r.width, r.height);
    });
    ui["next-steps"].textContent = "";
    ui["picked-title"].focus({ preventScroll: true });
    ui.picked.scrollIntoView({ block: "start" });
    return true;
  }

  /// Where the picked pictures go: one, or a light and a dark one side by side.
  function pictureBox(pair) {
    return ui["picked-figure"].appendChild(tool.element("div", { class: pair ? "picked-pair" : "picked-one" }));
  }

  /// The tapped slot's crop, full size, as one card: with a light and a dark screenshot, both
  /// pictures side by side, one button that hands both files to the share sheet (Save to Photos),
  /// one Scriptable script that shows each in its appearance, a download link each, and which
  /// picture a widget app takes. `quietly` (shown again in a new style) leaves the focus and the
  /// scroll where they are.
  function choose(tile, known, quietly) {
    openPicked(tile, known);
    const links = tile.links;
    const pair = links.length > 1;
    const names = links.map((link) => link.name);
    const files = links.map((link) => new File([link.png], link.name, { type: "image/png" }));
    const shareable = navigator.canShare && navigator.share && navigator.canShare({ files });
    const actions = ui["picked-actions"].appendChild(tool.element("div", { class: "picked-row" }));
    if (shareable) {
      const share = actions.appendChild(tool.element("button", { type: "button", class: "button", "data-share": names.join(" ") },
        pair ? words.saveBothToPhotos : words.saveToPhotos));
      share.addEventListener("click", () => {
        navigator.share({ files }).catch((error) => {
          if (error && error.name !== "AbortError") tool.showProblems(ui.problems, [words.couldNotShare(names.join(" and "), tool.message(error))]);
        });
      });
    } else {
      actions.appendChild(tool.element("p", { class: "hint" }, words.touchAndHold(pair)));
    }
    const copy = actions.appendChild(tool.element("button", { type: "button", class: "button secondary", "data-copy-scriptable": names.join(" ") },
      words.copyForScriptable));
    const copied = actions.appendChild(tool.element("span", { class: "copied", role: "status" }));
    copy.addEventListener("click", () => {
      const script = scriptable(links);
      const done = () => { copied.textContent = words.copied; };
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(script).then(done, () => showScript(actions, script, copied));
      } else {
        showScript(actions, script, copied);
      }
    });
    const downloads = ui["picked-actions"].appendChild(tool.element("p", { class: "picked-downloads" }, words.downloads));
    links.forEach((link, index) => {
      if (index) downloads.appendChild(document.createTextNode(" · "));
      downloads.appendChild(tool.element("a", { download: link.name, href: link.url, "data-download": link.name }, link.name));
    });
    // The pictures themselves, at their full resolution: touch and hold one to save it where
    // sharing is not offered.
    const box = pictureBox(pair);
    for (const link of links) {
      const figure = box.appendChild(tool.element("figure"));
      figure.appendChild(tool.element("img", {
        class: "picked-image", "data-picked-image": "", "data-name": link.name, src: link.url,
        alt: words.pickedImage(tile, pair ? link.appearance : null),
      }));
      if (pair) figure.appendChild(tool.element("figcaption", {}, words.pictureCaption(link.appearance, link.name)));
    }
    if (pair) ui["picked-figure"].appendChild(tool.element("p", { class: "picked-which", "data-which-picture": "" }, words.whichPicture));
    ui["picked-actions"].appendChild(fixNote());
    nextSteps(tile, names);
    if (quietly) return;
    ui["picked-title"].focus({ preventScroll: true });
    ui.picked.scrollIntoView({ block: "start" });
  }

  /// The Scriptable script that shows a crop (saved in Files › iCloud Drive › Scriptable) as a
  /// widget's background: with a light and a dark one, the one of the phone's appearance
  /// (`Device.isUsingDarkAppearance()`), or the widget's Parameter, `dark` or `light`, where
  /// Scriptable cannot tell the appearance (its documentation: not in widgets).
  function scriptable(links) {
    const name = (appearance) => JSON.stringify(links.find((link) => link.appearance === appearance).name);
    const path = links.length > 1
      ? [
        ...words.scriptSwitches,
        "const chosen = (args.widgetParameter || \"\").trim().toLowerCase()",
        "const dark = chosen === \"dark\" || (chosen !== \"light\" && Device.isUsingDarkAppearance())",
        "const fm = FileManager.iCloud()",
        `const path = fm.joinPath(fm.documentsDirectory(), dark ? ${name("dark")} : ${name("light")})`,
      ]
      : ["const fm = FileManager.iCloud()", `const path = fm.joinPath(fm.documentsDirectory(), ${JSON.stringify(links[0].name)})`];
    return [
      words.scriptNeeds(links.map((link) => link.name)),
      ...path,
      "await fm.downloadFileFromiCloud(path)",
      "const widget = new ListWidget()",
      "widget.backgroundImage = fm.readImage(path)",
      "Script.setWidget(widget)",
      "Script.complete()",
    ].join("\n");
  }

  /// Where the clipboard cannot be written: the script, selected, to copy by hand.
  function showScript(actions, script, copied) {
    const box = actions.querySelector("textarea") || actions.appendChild(tool.element("textarea", { rows: "8", "aria-label": words.scriptLabel, readonly: "" }));
    box.value = script;
    box.select();
    copied.textContent = words.selectScript;
  }

  /// What to do with the saved pictures: a widget app, Scriptable, Shortcuts, the home screen's
  /// appearance, and when to make them again.
  function nextSteps(tile, names) {
    const box = ui["next-steps"];
    box.textContent = "";
    box.appendChild(tool.element("h3", {}, words.nextTitle));
    const list = box.appendChild(tool.element("ol"));
    for (const step of words.nextSteps(tool.slotWords(tile.slot), names)) {
      // A step is words, or words and a link to where they are explained, with their sources.
      const item = list.appendChild(tool.element("li", {}, typeof step === "string" ? step : step.text));
      if (typeof step !== "string") item.appendChild(tool.element("a", { href: `${siteRoot()}${step.link}`, "data-source-link": "" }, step.linkText));
    }
  }

  /// A size no phone of the catalog takes: what is known, what is not, and the next step.
  function unknownSize(shot) {
    const next = tool.element("p", {}, words.unknownSize(shot));
    next.appendChild(tool.element("a", { href: "#measured" }, words.measureLink));
    next.appendChild(document.createTextNode(words.unknownSizeEnd));
    ui.explain.appendChild(next);
    ui.explain.hidden = false;
  }

  /// A layout whose positions nobody measured or derived: what is known, what is not, what to do.
  /// No crops and no zip.
  function explain(layout) {
    const root = siteRoot();
    ui.explain.appendChild(tool.element("p", {}, words.nothingToCrop(layout)));
    const next = tool.element("p", {}, words.whatYouCanDo);
    next.appendChild(tool.element("a", { href: "#measured" }, words.cropFromTwo));
    next.appendChild(document.createTextNode(words.cropFromTwoAbout));
    next.appendChild(tool.element("a", { href: `${root}measure/index.html` }, words.measureLayout));
    next.appendChild(document.createTextNode(words.or));
    next.appendChild(tool.element("a", { href: `${root}help-measure/index.html` }, words.helpMeasure));
    next.appendChild(document.createTextNode(words.pickAnother));
    ui.explain.appendChild(next);
    ui.explain.hidden = false;
    state("unknown", words.noPositions);
  }

  /// The first screenshot, drawn big, with a button over each slot: tapping one shows its crop,
  /// cropped first if it is not yet (`made(tile)`); a later tap wins over an earlier one.
  function drawSlots(mine, picked, known, tiles, style, made) {
    describeAboveSlots(known, picked[0].shot);
    const item = picked[0];
    const figure = tool.element("figure", { class: "slot-picker" });
    const frame = figure.appendChild(tool.element("div", { class: "slot-frame" }));
    // The labels are in the buttons, over the picture (and over a style's preview).
    const boxes = tiles.map((tile) => ({ ...tool.slotBox(tile.slot, tile.rect), label: null }));
    frame.appendChild(tool.overlay(item.shot.width, item.shot.height, url(item.file), boxes, words.figure(item, picked.length > 1, known)));
    // A tapped slot is shown at once from the screenshots' pictures while its file is made (the
    // plain style only: its pixels are the screenshot's own).
    const pictures = style.name === "none" ? picked.map((item) => item.picture) : [];
    let tapped = 0;
    for (const tile of tiles) {
      const r = tile.rect;
      const button = tool.element("button", {
        type: "button", class: `slot-button slot-${tile.family}`, "data-slot": tile.slot,
        "aria-label": words.slotLabel(tile.slot, tool.slotWords(tile.slot)),
        style: `left:${tool.percent(r.x, item.shot.width)};top:${tool.percent(r.y, item.shot.height)};width:${tool.percent(r.width, item.shot.width)};` +
          `height:${tool.percent(r.height, item.shot.height)}`,
      });
      button.appendChild(tool.element("span", { class: "slot-label", "aria-hidden": "true" }, tool.slotBox(tile.slot, r).label));
      button.setAttribute("aria-pressed", "false");
      if (style.name !== "none") button.classList.add("styled");
      button.addEventListener("click", async () => {
        for (const other of ui.figures.querySelectorAll(".slot-button")) other.setAttribute("aria-pressed", String(other === button));
        const tap = ++tapped;
        // Shown from the screenshots' pictures as soon as they are decoded (already, mostly:
        // then in this very task), unless the file comes first.
        let previewed = false;
        if (!tile.links.length && pictures.length) {
          Promise.all(pictures).then((bitmaps) => {
            if (mine === run && tap === tapped && !tile.links.length && bitmaps.every(Boolean)) previewed = preview(tile, known, picked, bitmaps);
          });
        }
        try {
          await made(tile);
        } catch {
          return; // the run that crops every slot reports it
        }
        if (mine === run && tap === tapped) choose(tile, known, previewed);
      });
      tile.button = button;
      frame.appendChild(button);
    }
    figure.appendChild(tool.element("figcaption", {}, words.caption(item)));
    ui.figures.appendChild(figure);
    ui["style-about"].textContent = words.styleAbout(style);
    ui.results.hidden = false;
  }

  /// Above the slots, where the page scrolls to: the phone and iOS chosen and why, a button to
  /// change it, the other phones of this screenshot size and where their widgets sit, and how
  /// sure the positions are in what the person will see, with what to do about a seam.
  function describeAboveSlots(known, shot) {
    ui.which.textContent = "";
    const line = ui.which.appendChild(tool.element("p", {}, words.which(known, why(known, shot))));
    line.appendChild(tool.element("button", { type: "button", class: "link-button" }, words.changeIt)).addEventListener("click", openMenu);
    const others = otherPhones();
    if (others.length && !known.fromIcons) {
      const note = ui.which.appendChild(tool.element("p", { class: "notice other-phones", "data-other-phones": "" }, words.otherPhones(others)));
      note.appendChild(tool.element("button", { type: "button", class: "link-button" }, words.changeOther)).addEventListener("click", openMenu);
      note.appendChild(document.createTextNode(words.otherPhonesEnd));
    }
    if (!known.whatYouSee) return;
    const measured = known.positionsKind === "measured" || known.positionsKind === "icons";
    ui.caution.textContent = known.whatYouSee;
    ui.caution.classList.toggle("sure", measured);
    if (!measured) {
      ui.caution.appendChild(document.createTextNode(words.seam));
      ui.caution.appendChild(tool.element("a", { href: `${siteRoot()}fix/index.html` }, words.fixLink));
      ui.caution.appendChild(document.createTextNode(words.seamOr));
      ui.caution.appendChild(tool.element("a", { href: "#measured" }, words.measureLink));
      if (!known.fromIcons) {
        ui.caution.appendChild(document.createTextNode(words.seamOr));
        const pick = ui.caution.appendChild(tool.element("button", { type: "button", class: "link-button" }, words.iconsCaution));
        pick.addEventListener("click", () => iconsInput.click());
      }
      ui.caution.appendChild(document.createTextNode(words.seamEnd));
    }
    ui.caution.hidden = false;
  }

  /// Every crop of the chosen size, each a link to its file, and the .zip of all of them.
  function listCrops(known, tiles, unavailable, zip, style, screenshots) {
    const layout = known.value;
    const styleSuffix = style.name === "none" ? "" : `_${style.name}`;
    const zipName = `backdrop_${layout.replace("/", "_").replace("ios26", known.iosVersion ? `ios${known.iosVersion}` : "ios26")}${styleSuffix}.zip`;
    ui.zip.textContent = "";
    const zipLink = tool.element("a", { download: zipName, href: url(new Blob([zip], { type: "application/zip" })), "data-zip-link": "" },
      words.zip(tiles.length * screenshots, zipName));
    ui.zip.appendChild(zipLink);
    ui.zip.appendChild(document.createTextNode(words.zipNote));
    ui.unavailable.textContent = unavailable.length ? words.noSlot(unavailable) : "";
    for (const tile of tiles) {
      const item = tool.element("li", { class: `crop crop-${tile.family}` });
      const r = tile.rect;
      item.appendChild(tool.element("p", { class: "crop-name" }, tile.slot));
      item.appendChild(tool.element("p", { class: "dims" }, words.dims(r)));
      const images = tool.element("div", { class: "crop-images" });
      for (const link of tile.links) {
        const anchor = tool.element("a", { download: link.name, href: link.url, class: "crop-link" });
        anchor.appendChild(tool.element("img", { src: link.url, alt: link.name, width: r.width, height: r.height }));
        anchor.appendChild(tool.element("span", {}, words.cropLink(link.name, Math.max(1, Math.round(link.bytes / 1024)))));
        images.appendChild(anchor);
      }
      item.appendChild(images);
      item.appendChild(fixNote());
      ui.crops.appendChild(item);
    }
  }

  /// Where a result card sends a person whose widget shows a seam: the fixer page.
  function fixNote() {
    const note = tool.element("p", { class: "fix-note" }, words.fixNote);
    note.appendChild(tool.element("a", { href: `${siteRoot()}fix/index.html`, "data-fix": "" }, words.fixHere));
    note.appendChild(document.createTextNode("."));
    return note;
  }

  state("empty");
})();
