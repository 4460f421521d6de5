// The measure page: measures a layout from a person's screenshot with widgets placed, with the
// browser core's calibration (the same code and numbers as `backdrop calibrate`).
(() => {
  "use strict";

  /// What the person reads from this script: the status line, the tables' headings and what to do next.
  const words = {
    pickScreenshot: "Now pick the screenshot with widgets.",
    measuring: (file) => `Measuring ${file}…`,
    found: (widgets) => `${widgets} widgets found.`,
    none: "—",
    figure: (width, height, widgets) => `Your screenshot of ${width}×${height} px with the ${widgets} widgets found`,
    caption: (file, empty) => `${file.name}${empty ? `, measured against ${empty.name}` : ""}: widgets outlined by family, regions not taken for widgets dashed`,
    summary: (widgets, edgeWidth, slots) => `${widgets} widgets, edges ${edgeWidth} px wide; slots: ${slots}.`,
    gridHeadings: ["number", "pixels", "points", "widgets showing it", "largest disagreement (px)"],
    rejected: (r, reason, mayBeAWidget) => `${r.width}×${r.height} at ${r.x},${r.y}: ${reason}${mayBeAWidget ? " (may be a widget that was lost)" : ""}`,
    noneRejected: "Every region found was taken for a widget.",
    comparisonHeadings: ["layout", "slots compared", "largest difference (px)", "where", "size difference (px)", "matches"],
    yes: "yes",
    no: "no",
    unknownSize: (width, height) => `The catalog has no layout of ${width}×${height} screenshots, so there is nothing to compare with. Known: the grid above, measured on your screenshot. Not known: which iPhone, iOS version and icon size it is. Next: if the screenshot was resized or sent through a messaging app, take it again on the phone; otherwise `,
    makeLink: "make your backgrounds from your own measurement",
    withEmpty: " (with the same page empty), and ",
    addLink: "add the phone to the catalog",
    noDevice: (file, problem) => `${file}: ${problem} Add the device's profile first, then record the measurement into it with backdrop calibrate --into.`,
    recordInto: "Record into ",
    aloneProblem: (problem, advice) => `Without the empty page this screenshot does not measure (${problem}), so --into would refuse it: ${advice}.`,
  };

  const tool = window.BackdropTool;
  const page = document.getElementById("measure");
  const form = document.getElementById("measure-form");
  const ui = tool.parts(page);
  let run = 0;
  let urls = [];

  tool.form(form, ["screenshot", "empty"], /empty/i, () => load(++run));

  function state(name, text) {
    page.setAttribute("data-state", name);
    ui.status.textContent = text || "";
  }

  function clearResults() {
    for (const url of urls) URL.revokeObjectURL(url);
    urls = [];
    ui.results.hidden = true;
    for (const name of ["figures", "summary", "grid", "notes", "rejected", "comparisons", "layout-block", "record", "json"]) ui[name].textContent = "";
  }

  function fail(messages) {
    clearResults();
    tool.showProblems(ui.problems, messages);
    state("error");
  }

  async function load(mine) {
    clearResults();
    tool.showProblems(ui.problems, []);
    const shotFile = form.elements.screenshot.files[0];
    const emptyFile = form.elements.empty.files[0];
    if (!shotFile) return state("empty", emptyFile ? words.pickScreenshot : "");
    state("working", words.measuring(shotFile.name));
    let core = null;
    // What this run read into the core: released on every way out, success, failure or a newer pick.
    const held = [];
    try {
      core = await tool.core(true);
      const problems = [];
      const read = async (file) => {
        try {
          const shot = await core.readScreenshot(file.name, await tool.bytes(file));
          held.push(shot);
          return shot;
        } catch (error) {
          problems.push(tool.message(error));
          return null;
        }
      };
      const shot = await read(shotFile);
      const empty = emptyFile ? await read(emptyFile) : null;
      if (mine !== run) return;
      if (problems.length) return fail(problems);
      const measured = await core.calibrate(shot, empty);
      if (mine !== run) return;
      if (measured.problem) return fail([measured.problem]);
      // `--into` measures the screenshot again on its own, as every build does.
      const alone = empty ? await core.calibrate(shot, null) : measured;
      if (mine !== run) return;
      show(core, shot, shotFile, emptyFile, measured, alone);
      state("ready", words.found(measured.json.widgets));
    } catch (error) {
      if (mine === run) fail([tool.message(error)]);
    } finally {
      if (core) tool.release(core, held);
    }
  }

  function cell(row, text, numeric) {
    row.appendChild(tool.element("td", numeric ? { class: "num" } : {}, text === null || text === undefined ? words.none : String(text)));
  }

  function table(headings, rows) {
    const node = tool.element("table");
    const head = tool.element("tr");
    for (const heading of headings) head.appendChild(tool.element("th", { scope: "col" }, heading));
    node.appendChild(tool.element("thead")).appendChild(head);
    const body = node.appendChild(tool.element("tbody"));
    for (const row of rows) body.appendChild(row);
    return node;
  }

  function show(core, shot, shotFile, emptyFile, measured, alone) {
    const json = measured.json;
    const image = URL.createObjectURL(shotFile);
    urls.push(image);
    const boxes = json.slots.map((slot) => tool.slotBox(slot.id, slot.pixels));
    for (const region of json.rejected) boxes.push({ rect: region.pixels, className: "rejected", title: region.reason, label: "" });
    const figure = tool.element("figure");
    figure.appendChild(tool.overlay(shot.width, shot.height, image, boxes, words.figure(shot.width, shot.height, json.slots.length)));
    figure.appendChild(tool.element("figcaption", {}, words.caption(shotFile, emptyFile)));
    ui.figures.appendChild(figure);
    ui.summary.textContent = words.summary(json.widgets, json.edgeWidth, json.slots.map((slot) => slot.id).join(", "));

    const grid = Object.keys(json.grid).sort().map((field) => {
      const number = json.grid[field];
      const row = tool.element("tr", { "data-field": field });
      row.appendChild(tool.element("th", { scope: "row" }, field));
      cell(row, number.pixels, true);
      cell(row, number.points, true);
      cell(row, number.widgets, true);
      cell(row, `±${number.spread}`, true);
      return row;
    });
    ui.grid.appendChild(table(words.gridHeadings, grid));
    ui.notes.textContent = json.notes.join(" ");

    if (json.rejected.length) {
      const list = tool.element("ul", { class: "rejected-list" });
      for (const region of json.rejected) list.appendChild(tool.element("li", {}, words.rejected(region.pixels, region.reason, region.mayBeAWidget)));
      ui.rejected.appendChild(list);
    } else {
      ui.rejected.appendChild(tool.element("p", {}, words.noneRejected));
    }

    if (json.comparisons.length) {
      const rows = json.comparisons.map((comparison) => {
        const row = tool.element("tr", { "data-layout": `${comparison.device}/${comparison.layout}` });
        row.appendChild(tool.element("th", { scope: "row" }, `${comparison.device} ${comparison.layout}`));
        cell(row, comparison.compared, true);
        cell(row, comparison.maxDeviation, true);
        cell(row, comparison.worst);
        cell(row, comparison.sizeDeviation, true);
        cell(row, comparison.matches ? words.yes : words.no);
        return row;
      });
      ui.comparisons.appendChild(table(words.comparisonHeadings, rows));
    } else {
      // A size the catalog does not know: what is known, what is not, and what to do next.
      const unknown = ui.comparisons.appendChild(tool.element("p", { "data-unknown-size": "" }, words.unknownSize(shot.width, shot.height)));
      unknown.appendChild(tool.element("a", { href: "../make/index.html#measured" }, words.makeLink));
      unknown.appendChild(document.createTextNode(words.withEmpty));
      unknown.appendChild(tool.element("a", { href: "../docs/contributing/index.html" }, words.addLink));
      unknown.appendChild(document.createTextNode("."));
    }
    ui["layout-block"].textContent = measured.layoutBlock;
    record(core, shot, shotFile, emptyFile, json, alone);
    ui.json.textContent = JSON.stringify(json, null, 2);
    ui.results.hidden = false;
  }

  /// The `calibrate --into` command for the layout the person picks (the match by default).
  function record(core, shot, shotFile, emptyFile, json, alone) {
    const choice = core.layoutsFor(shot.width, shot.height);
    const layouts = choice.layouts;
    if (!layouts.length) {
      ui.record.appendChild(tool.element("p", {}, words.noDevice(shotFile.name, choice.problem)));
      return;
    }
    const match = json.match ? json.match.replace(" ", "/") : null;
    const label = tool.element("label", { class: "layout-choice" }, words.recordInto);
    const select = tool.element("select", { name: "into" });
    for (const layout of layouts) {
      const option = tool.element("option", { value: layout.value }, layout.label);
      option.selected = match ? layout.value === match : layout.isDefault;
      select.appendChild(option);
    }
    label.appendChild(select);
    const code = tool.element("code", { "data-command": "" });
    const update = () => {
      const parts = select.value.split("/");
      const template = page.getAttribute(emptyFile ? "data-record-command-empty" : "data-record-command");
      code.textContent = template.replace("{screenshot}", shotFile.name).replace("{empty}", emptyFile ? emptyFile.name : "")
        .replace("{device}", parts[0]).replace("{layout}", parts[1]);
    };
    select.addEventListener("change", update);
    update();
    ui.record.appendChild(label);
    ui.record.appendChild(tool.element("pre", { class: "usage" })).appendChild(code);
    if (alone.problem) {
      ui.record.appendChild(tool.element("p", { class: "notice", "data-alone-problem": "" }, words.aloneProblem(alone.problem, page.getAttribute("data-measured-alone"))));
    }
  }

  state("empty");
})();
