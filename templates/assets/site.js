// Conveniences only: every page works without this script.
(function () {
  "use strict";

  // Index: filter the device cards and the coverage matrix by name, model or size.
  var filter = document.querySelector("[data-filter]");
  if (filter) {
    filter.hidden = false;
    var input = filter.querySelector("input");
    input.addEventListener("input", function () {
      var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
      document.querySelectorAll("[data-search]").forEach(function (item) {
        var text = item.getAttribute("data-search");
        item.hidden = !words.every(function (word) { return text.indexOf(word.replace("×", "x")) !== -1; });
      });
    });
  }

  // Device pages: show one layout at a time, chosen by the switcher or the address's #fragment.
  var sections = Array.prototype.slice.call(document.querySelectorAll("[data-layout-section]"));
  var links = Array.prototype.slice.call(document.querySelectorAll("[data-layout]"));
  function show(id) {
    if (!sections.some(function (s) { return s.id === id; })) { id = sections.length ? sections[0].id : null; }
    sections.forEach(function (section) { section.hidden = section.id !== id; });
    links.forEach(function (link) { link.classList.toggle("current", link.getAttribute("data-layout") === id); });
  }
  if (sections.length > 1) {
    document.body.classList.add("js-tabs");
    var fromHash = function () {
      var id = decodeURIComponent(location.hash.slice(1));
      var row = id ? document.getElementById(id) : null;
      var section = row ? row.closest("[data-layout-section]") : null;
      show(section ? section.id : id);
    };
    window.addEventListener("hashchange", fromHash);
    fromHash();
  }

  // Hovering or focusing a slot highlights it on the screenshots, in the table and among the crops.
  function highlight(slot, on) {
    document.querySelectorAll('[data-slot="' + slot + '"]').forEach(function (element) {
      element.classList.toggle("highlight", on);
    });
  }
  document.querySelectorAll("[data-slot]").forEach(function (element) {
    var slot = element.getAttribute("data-slot");
    ["mouseenter", "focusin"].forEach(function (type) { element.addEventListener(type, function () { highlight(slot, true); }); });
    ["mouseleave", "focusout"].forEach(function (type) { element.addEventListener(type, function () { highlight(slot, false); }); });
  });
})();
