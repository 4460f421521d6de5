// Conveniences only: every page works without this script.
(function () {
  "use strict";

  // Index: filter the device cards and the coverage matrix by model or size, as people type them:
  // "17 pro" is the iPhone 17 Pro (not the 17 Pro Max), "pro max" every Pro Max, "SE" every SE,
  // "1179x2556" a screenshot size. Says how many devices match, and what to do when none does.
  var filter = document.querySelector("[data-filter]");
  if (filter) {
    filter.hidden = false;
    var input = filter.querySelector("input");
    var said = filter.querySelector("[data-filter-status]");
    var cards = document.querySelectorAll(".card[data-search]");
    input.addEventListener("input", function () {
      var query = words(input.value).filter(function (word) { return "iphone".indexOf(word) !== 0; });
      var items = document.querySelectorAll("[data-search]");
      var found = [];
      items.forEach(function (item) { found.push(matchOf(item.getAttribute("data-search"), query)); });
      var exact = found.indexOf(2) !== -1;
      items.forEach(function (item, index) { item.hidden = query.length > 0 && found[index] < (exact ? 2 : 1); });
      var shown = Array.prototype.filter.call(cards, function (card) { return !card.hidden; }).length;
      said.textContent = "";
      if (!input.value.trim()) return;
      if (shown) {
        said.textContent = shown + (shown === 1 ? " device matches." : " devices match.");
        return;
      }
      said.appendChild(document.createTextNode("No device in the catalog matches “" + input.value.trim() +
        "”. Type a model as Apple names it (“15 Pro”, “SE”, “mini”) or your screenshot's size (“1179x2556”); if your phone is not listed, "));
      var link = document.createElement("a");
      link.href = "make/index.html#measured";
      link.textContent = "measure its slots from two screenshots";
      said.appendChild(link);
      said.appendChild(document.createTextNode("."));
    });
  }

  /// The words of a text, lower case, "×" read as "x", the word "iPhone" left out.
  function words(text) {
    return (text.toLowerCase().replace(/×/g, "x").match(/[a-z0-9]+/g) || []).filter(function (word) { return word !== "iphone"; });
  }

  /// How well a device's terms (`|`-separated) match the words typed: 2 when one term is exactly
  /// those words, 1 when the words start at a word of one term, in order (the last one may be
  /// unfinished), 0 otherwise.
  function matchOf(terms, query) {
    var best = 0;
    terms.split("|").forEach(function (term) {
      var have = words(term);
      if (have.join(" ") === query.join(" ")) best = 2;
      for (var start = 0; best < 1 && start + query.length <= have.length; start++) {
        var fits = query.every(function (word, i) {
          return i === query.length - 1 ? have[start + i].indexOf(word) === 0 : have[start + i] === word;
        });
        if (fits) best = 1;
      }
    });
    return best;
  }

  // Tables wider than their box scroll inside it: the box gets a shadow on the side there is more
  // of, and a line under it says so.
  var scrollers = Array.prototype.slice.call(document.querySelectorAll(".table-scroll"));
  function cue() {
    scrollers.forEach(function (box) {
      var overflows = box.scrollWidth > box.clientWidth + 1;
      box.toggleAttribute("data-overflows", overflows);
      var note = box.nextElementSibling && box.nextElementSibling.classList.contains("scroll-cue") ? box.nextElementSibling : null;
      if (overflows && !note) {
        note = document.createElement("p");
        note.className = "scroll-cue";
        note.textContent = "The table is wider than the window: scroll it sideways (or focus it and use the arrow keys) to see the rest.";
        box.parentNode.insertBefore(note, box.nextSibling);
      }
      if (note) note.hidden = !overflows;
    });
  }
  if (scrollers.length && window.ResizeObserver) {
    var watcher = new ResizeObserver(cue);
    scrollers.forEach(function (box) { watcher.observe(box); });
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
