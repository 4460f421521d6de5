// The measure page: measures a layout from a person's screenshot with widgets placed, with the
// browser core's calibration (the same code and numbers as `backdrop calibrate`).
(function () {
  "use strict";
  var tool = window.BackdropTool;
  var page = document.getElementById("measure");
  var form = document.getElementById("measure-form");
  var ui = tool.parts(page);
  var run = 0;
  var urls = [];

  tool.form(form, ["screenshot", "empty"], /empty/i, function () { load(++run); });

  function state(name, text) {
    page.setAttribute("data-state", name);
    ui.status.textContent = text || "";
  }

  function clearResults() {
    urls.forEach(function (url) { URL.revokeObjectURL(url); });
    urls = [];
    ui.results.hidden = true;
    ["figures", "summary", "grid", "notes", "rejected", "comparisons", "layout-block", "record", "json"].forEach(function (name) {
      ui[name].textContent = "";
    });
  }

  function fail(messages) {
    clearResults();
    tool.showProblems(ui.problems, messages);
    state("error");
  }

  async function load(mine) {
    clearResults();
    tool.showProblems(ui.problems, []);
    var shotFile = form.elements.screenshot.files[0];
    var emptyFile = form.elements.empty.files[0];
    if (!shotFile) return state("empty", emptyFile ? "Now pick the screenshot with widgets." : "");
    state("working", "Measuring " + shotFile.name + "…");
    var core = null;
    // What this run read into the core: released on every way out, success, failure or a newer pick.
    var held = [];
    try {
      core = await tool.core();
      var problems = [];
      var read = async function (file) {
        try {
          var shot = await core.readScreenshot(file.name, await tool.bytes(file));
          held.push(shot);
          return shot;
        } catch (error) {
          problems.push(tool.message(error));
          return null;
        }
      };
      var shot = await read(shotFile);
      var empty = emptyFile ? await read(emptyFile) : null;
      if (mine !== run) return;
      if (problems.length) return fail(problems);
      var measured = await core.calibrate(shot, empty);
      if (mine !== run) return;
      if (measured.problem) return fail([measured.problem]);
      // `--into` measures the screenshot again on its own, as every build does.
      var alone = empty ? await core.calibrate(shot, null) : measured;
      if (mine !== run) return;
      show(core, shot, shotFile, emptyFile, measured, alone);
      state("ready", measured.json.widgets + " widgets found.");
    } catch (error) {
      if (mine === run) fail([tool.message(error)]);
    } finally {
      if (core) tool.release(core, held);
    }
  }

  function cell(row, text, numeric) {
    row.appendChild(tool.element("td", numeric ? { "class": "num" } : {}, text === null || text === undefined ? "—" : String(text)));
  }

  function table(headings, rows) {
    var node = tool.element("table");
    var head = tool.element("tr");
    headings.forEach(function (heading) { head.appendChild(tool.element("th", { scope: "col" }, heading)); });
    node.appendChild(tool.element("thead")).appendChild(head);
    var body = node.appendChild(tool.element("tbody"));
    rows.forEach(function (row) { body.appendChild(row); });
    return node;
  }

  function show(core, shot, shotFile, emptyFile, measured, alone) {
    var json = measured.json;
    var image = URL.createObjectURL(shotFile);
    urls.push(image);
    var boxes = json.slots.map(function (slot) { return tool.slotBox(slot.id, slot.pixels); });
    json.rejected.forEach(function (region) {
      boxes.push({ rect: region.pixels, className: "rejected", title: region.reason, label: "" });
    });
    var figure = tool.element("figure");
    figure.appendChild(tool.overlay(shot.width, shot.height, image, boxes,
      "Your screenshot of " + shot.width + "×" + shot.height + " px with the " + json.slots.length + " widgets found"));
    figure.appendChild(tool.element("figcaption", {}, shotFile.name + (emptyFile ? ", measured against " + emptyFile.name : "") +
      ": widgets outlined by family, regions not taken for widgets dashed"));
    ui.figures.appendChild(figure);
    ui.summary.textContent = json.widgets + " widgets, edges " + json.edgeWidth + " px wide; slots: " +
      json.slots.map(function (slot) { return slot.id; }).join(", ") + ".";

    var grid = Object.keys(json.grid).sort().map(function (field) {
      var number = json.grid[field];
      var row = tool.element("tr", { "data-field": field });
      row.appendChild(tool.element("th", { scope: "row" }, field));
      cell(row, number.pixels, true);
      cell(row, number.points, true);
      cell(row, number.widgets, true);
      cell(row, "±" + number.spread, true);
      return row;
    });
    ui.grid.appendChild(table(["number", "pixels", "points", "widgets showing it", "largest disagreement (px)"], grid));
    ui.notes.textContent = json.notes.join(" ");

    if (json.rejected.length) {
      var list = tool.element("ul", { "class": "rejected-list" });
      json.rejected.forEach(function (region) {
        var r = region.pixels;
        list.appendChild(tool.element("li", {}, r.width + "×" + r.height + " at " + r.x + "," + r.y + ": " + region.reason +
          (region.mayBeAWidget ? " (may be a widget that was lost)" : "")));
      });
      ui.rejected.appendChild(list);
    } else {
      ui.rejected.appendChild(tool.element("p", {}, "Every region found was taken for a widget."));
    }

    if (json.comparisons.length) {
      var rows = json.comparisons.map(function (comparison) {
        var row = tool.element("tr", { "data-layout": comparison.device + "/" + comparison.layout });
        row.appendChild(tool.element("th", { scope: "row" }, comparison.device + " " + comparison.layout));
        cell(row, comparison.compared, true);
        cell(row, comparison.maxDeviation, true);
        cell(row, comparison.worst);
        cell(row, comparison.sizeDeviation, true);
        cell(row, comparison.matches ? "yes" : "no");
        return row;
      });
      ui.comparisons.appendChild(table(["layout", "slots compared", "largest difference (px)", "where", "size difference (px)", "matches"], rows));
    } else {
      // A size the catalog does not know: what is known, what is not, and what to do next.
      var unknown = ui.comparisons.appendChild(tool.element("p", { "data-unknown-size": "" }, "The catalog has no layout of " + shot.width + "×" + shot.height +
        " screenshots, so there is nothing to compare with. Known: the grid above, measured on your screenshot. Not known: which iPhone, iOS version and icon size it is. Next: if the screenshot was resized or sent through a messaging app, take it again on the phone; otherwise "));
      unknown.appendChild(tool.element("a", { href: "../make/index.html#measured" }, "make your backgrounds from your own measurement"));
      unknown.appendChild(document.createTextNode(" (with the same page empty), and "));
      unknown.appendChild(tool.element("a", { href: "../docs/contributing/index.html" }, "add the phone to the catalog"));
      unknown.appendChild(document.createTextNode("."));
    }
    ui["layout-block"].textContent = measured.layoutBlock;
    record(core, shot, shotFile, emptyFile, json, alone);
    ui.json.textContent = JSON.stringify(json, null, 2);
    ui.results.hidden = false;
  }

  /// The `calibrate --into` command for the layout the person picks (the match by default).
  function record(core, shot, shotFile, emptyFile, json, alone) {
    var choice = core.layoutsFor(shot.width, shot.height);
    var layouts = choice.layouts;
    if (!layouts.length) {
      ui.record.appendChild(tool.element("p", {}, shotFile.name + ": " + choice.problem +
        " Add the device's profile first, then record the measurement into it with backdrop calibrate --into."));
      return;
    }
    var match = json.match ? json.match.replace(" ", "/") : null;
    var label = tool.element("label", { "class": "layout-choice" }, "Record into ");
    var select = tool.element("select", { name: "into" });
    layouts.forEach(function (layout) {
      var option = tool.element("option", { value: layout.value }, layout.label);
      option.selected = match ? layout.value === match : layout.isDefault;
      select.appendChild(option);
    });
    label.appendChild(select);
    var code = tool.element("code", { "data-command": "" });
    var update = function () {
      var parts = select.value.split("/");
      var template = page.getAttribute(emptyFile ? "data-record-command-empty" : "data-record-command");
      code.textContent = template.replace("{screenshot}", shotFile.name).replace("{empty}", emptyFile ? emptyFile.name : "")
        .replace("{device}", parts[0]).replace("{layout}", parts[1]);
    };
    select.addEventListener("change", update);
    update();
    ui.record.appendChild(label);
    ui.record.appendChild(tool.element("pre", { "class": "usage" })).appendChild(code);
    if (alone.problem) {
      ui.record.appendChild(tool.element("p", { "class": "notice", "data-alone-problem": "" },
        "Without the empty page this screenshot does not measure (" + alone.problem + "), so --into would refuse it: " +
        page.getAttribute("data-measured-alone") + "."));
    }
  }

  state("empty");
})();
