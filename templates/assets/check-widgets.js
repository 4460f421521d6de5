// The make page's "my widgets don't line up" part: a screenshot of the home screen with
// transparent widgets in place, checked against the empty page they were cropped from, by the
// browser core, as `backdrop crop EMPTY --widgets-from HOME` checks it: how far each widget is
// off, and the empty page cropped again at every slot, corrected.
(function () {
  "use strict";
  var tool = window.BackdropTool;
  var page = document.getElementById("check-widgets");
  var form = document.getElementById("check-form");
  var ui = tool.parts(page);
  var select = form.elements.layout;
  var urls = [];
  var run = 0;

  tool.form(form, ["empty", "home"], /home|widget/i, function () { check(++run, false); });
  select.addEventListener("change", function () { check(++run, true); });

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
    [ui.figures, ui.summary, ui.zip, ui.crops, ui.record].forEach(function (node) { node.textContent = ""; });
    tool.showProblems(ui.problems, []);
    tool.showProblems(ui.warnings, []);
  }

  function signed(value) {
    if (value === null) return "unknown";
    return (value > 0 ? "+" : "") + value + " px";
  }

  async function check(mine, keepChoice) {
    clear();
    var empty = form.elements.empty.files[0];
    var home = form.elements.home.files[0];
    if (!empty || !home) {
      ui.choice.hidden = true;
      return state("empty", empty || home ? "Pick the other screenshot too." : "");
    }
    state("working", "Looking for your widgets on " + home.name + "…");
    var core = null;
    var held = [];
    try {
      core = await tool.core();
      var emptyShot = await core.readScreenshot(empty.name, await tool.bytes(empty));
      held.push(emptyShot);
      if (mine !== run) return;
      tool.showProblems(ui.warnings, emptyShot.warnings.map(function (warning) { return empty.name + ": warning: " + warning; }));
      var homeShot = await core.readScreenshot(home.name, await tool.bytes(home));
      held.push(homeShot);
      if (mine !== run) return;
      if (!keepChoice || !select.value) {
        var choice = core.layoutsFor(emptyShot.width, emptyShot.height);
        if (choice.problem) {
          tool.showProblems(ui.problems, [empty.name + ": " + choice.problem]);
          return state("error");
        }
        select.textContent = "";
        choice.layouts.filter(function (layout) { return layout.hasPositions; }).forEach(function (layout) {
          var option = tool.element("option", { value: layout.value }, layout.label);
          option.selected = layout.isDefault;
          select.appendChild(option);
        });
        ui.choice.hidden = false;
      }
      var checked = await core.checkWidgetsAndCrop(emptyShot, homeShot, select.value);
      if (mine !== run) return;
      if (checked.problem) {
        tool.showProblems(ui.problems, [checked.problem]);
        return state("error");
      }
      var zip = core.zip(checked.crops.map(function (crop) { return { name: crop.slot + ".png", bytes: crop.png }; }));
      show(home, homeShot, checked, zip);
      var off = checked.widgets.filter(function (widget) { return widget.dx || widget.dy; }).length;
      state("ready", checked.widgets.length + (checked.widgets.length === 1 ? " widget" : " widgets") + " found, " + off + " off its spot; " +
        checked.crops.length + " corrected backgrounds below.");
    } catch (error) {
      if (mine !== run) return;
      tool.showProblems(ui.problems, [tool.message(error)]);
      state("error");
    } finally {
      if (core) tool.release(core, held);
    }
  }

  function show(file, shot, checked, zip) {
    var figure = tool.element("figure");
    var boxes = checked.widgets.map(function (widget) {
      var box = tool.slotBox(widget.slot, widget.found);
      box.label = "x " + signed(widget.dx) + ", y " + signed(widget.dy);
      return box;
    });
    figure.appendChild(tool.overlay(shot.width, shot.height, url(file), boxes,
      "Your home screen of " + shot.width + "×" + shot.height + " px with each widget found and how far it is off"));
    figure.appendChild(tool.element("figcaption", {}, file.name + " · each box is where a widget is; its label, how far it is from its spot"));
    ui.figures.appendChild(figure);
    checked.widgets.forEach(function (widget) {
      var item = tool.element("li", { "data-slot": widget.slot });
      var how = widget.evidence === "outline" ? "its outline measured" : Math.round(widget.compared * 100) + "% of it matched the wallpaper";
      item.appendChild(tool.element("strong", {}, widget.slot));
      item.appendChild(document.createTextNode(": off by x " + signed(widget.dx) + ", y " + signed(widget.dy) +
        " (measured on your screenshots, within 1 px; " + how + ")" + (widget.unknown ? ". Unknown: " + widget.unknown : "")));
      ui.summary.appendChild(item);
    });
    ui.zip.appendChild(tool.element("a", { download: "backdrop-corrected.zip", href: url(new Blob([zip], { type: "application/zip" })), "data-zip-link": "" },
      "All " + checked.crops.length + " corrected backgrounds as backdrop-corrected.zip"));
    checked.crops.forEach(function (crop, index) {
      var slot = checked.slots[index];
      var item = tool.element("li", { "class": "crop crop-" + crop.family, "data-x": slot.x, "data-y": slot.y });
      var r = crop.rect;
      item.appendChild(tool.element("p", { "class": "crop-name" }, crop.slot));
      item.appendChild(tool.element("p", { "class": "dims" }, r.width + "×" + r.height + " px at " + r.x + ", " + r.y +
        " (was " + slot.listed.x + ", " + slot.listed.y + "; " + slot.x + " across, " + slot.y + " down)"));
      var link = url(new Blob([crop.png], { type: "image/png" }));
      var anchor = tool.element("a", { download: crop.slot + ".png", href: link, "class": "crop-link" });
      anchor.appendChild(tool.element("img", { src: link, alt: crop.slot + ".png", width: r.width, height: r.height }));
      anchor.appendChild(tool.element("span", {}, crop.slot + ".png · " + Math.max(1, Math.round(crop.png.length / 1024)) + " KB"));
      item.appendChild(anchor);
      ui.crops.appendChild(item);
    });
    ui.record.appendChild(tool.element("p", {}, "The positions your widgets measured, to paste into the device profile (widget sizes are not measured this way):"));
    ui.record.appendChild(tool.element("pre", { tabindex: "0" }, checked.layoutBlock));
    ui.results.hidden = false;
  }

  state("empty");
})();
