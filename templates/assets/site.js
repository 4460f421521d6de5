// Conveniences only: every page works without this script.
(() => {
  "use strict";

  /// What the person reads from this script: the filter's answers and the cue under wide tables.
  const words = {
    matches: (count) => (count === 1 ? `${count} device matches.` : `${count} devices match.`),
    noMatch: (typed) => `No device in the catalog matches “${typed}”. Type a model as Apple names it (“15 Pro”, “SE”, “mini”) or your screenshot's size (“1179x2556”); if your phone is not listed, `,
    measureLink: "measure its slots from two screenshots",
    scrollCue: "The table is wider than the window: scroll it sideways (or focus it and use the arrow keys) to see the rest.",
  };

  // Index: filter the device cards and the coverage matrix by model or size, as people type them:
  // "17 pro" is the iPhone 17 Pro (not the 17 Pro Max), "pro max" every Pro Max, "SE" every SE,
  // "1179x2556" a screenshot size. Says how many devices match, and what to do when none does.
  const filter = document.querySelector("[data-filter]");
  if (filter) {
    filter.hidden = false;
    const input = filter.querySelector("input");
    const said = filter.querySelector("[data-filter-status]");
    const cards = document.querySelectorAll(".card[data-search]");
    input.addEventListener("input", () => {
      const query = wordsOf(input.value).filter((word) => !"iphone".startsWith(word));
      const items = document.querySelectorAll("[data-search]");
      const found = Array.from(items, (item) => matchOf(item.getAttribute("data-search"), query));
      const exact = found.includes(2);
      items.forEach((item, index) => { item.hidden = query.length > 0 && found[index] < (exact ? 2 : 1); });
      const shown = Array.from(cards).filter((card) => !card.hidden).length;
      said.textContent = "";
      if (!input.value.trim()) return;
      if (shown) {
        said.textContent = words.matches(shown);
        return;
      }
      said.appendChild(document.createTextNode(words.noMatch(input.value.trim())));
      const link = document.createElement("a");
      link.href = "make/index.html#measured";
      link.textContent = words.measureLink;
      said.appendChild(link);
      said.appendChild(document.createTextNode("."));
    });
  }

  /// The words of a text, lower case, "×" read as "x", the word "iPhone" left out.
  function wordsOf(text) {
    return (text.toLowerCase().replace(/×/g, "x").match(/[a-z0-9]+/g) || []).filter((word) => word !== "iphone");
  }

  /// How well a device's terms (`|`-separated) match the words typed: 2 when one term is exactly
  /// those words, 1 when the words start at a word of one term, in order (the last one may be
  /// unfinished), 0 otherwise.
  function matchOf(terms, query) {
    let best = 0;
    for (const term of terms.split("|")) {
      const have = wordsOf(term);
      if (have.join(" ") === query.join(" ")) best = 2;
      for (let start = 0; best < 1 && start + query.length <= have.length; start++) {
        const fits = query.every((word, i) => (i === query.length - 1 ? have[start + i].startsWith(word) : have[start + i] === word));
        if (fits) best = 1;
      }
    }
    return best;
  }

  // Tables wider than their box scroll inside it: the box gets a shadow on the side there is more
  // of, and a line under it says so.
  const scrollers = Array.from(document.querySelectorAll(".table-scroll"));
  function cue() {
    for (const box of scrollers) {
      const overflows = box.scrollWidth > box.clientWidth + 1;
      box.toggleAttribute("data-overflows", overflows);
      let note = box.nextElementSibling && box.nextElementSibling.classList.contains("scroll-cue") ? box.nextElementSibling : null;
      if (overflows && !note) {
        note = document.createElement("p");
        note.className = "scroll-cue";
        note.textContent = words.scrollCue;
        box.parentNode.insertBefore(note, box.nextSibling);
      }
      if (note) note.hidden = !overflows;
    }
  }
  if (scrollers.length && window.ResizeObserver) {
    const watcher = new ResizeObserver(cue);
    for (const box of scrollers) watcher.observe(box);
  }

  // Device pages: show one layout at a time, chosen by the switcher or the address's #fragment.
  const sections = Array.from(document.querySelectorAll("[data-layout-section]"));
  const links = Array.from(document.querySelectorAll("[data-layout]"));
  function show(id) {
    if (!sections.some((s) => s.id === id)) id = sections.length ? sections[0].id : null;
    for (const section of sections) section.hidden = section.id !== id;
    for (const link of links) link.classList.toggle("current", link.getAttribute("data-layout") === id);
  }
  if (sections.length > 1) {
    document.body.classList.add("js-tabs");
    const fromHash = () => {
      const id = decodeURIComponent(location.hash.slice(1));
      const row = id ? document.getElementById(id) : null;
      const section = row ? row.closest("[data-layout-section]") : null;
      show(section ? section.id : id);
    };
    window.addEventListener("hashchange", fromHash);
    fromHash();
  }

  // Hovering or focusing a slot highlights it on the screenshots, in the table and among the crops.
  function highlight(slot, on) {
    for (const element of document.querySelectorAll(`[data-slot="${slot}"]`)) element.classList.toggle("highlight", on);
  }
  for (const element of document.querySelectorAll("[data-slot]")) {
    const slot = element.getAttribute("data-slot");
    for (const type of ["mouseenter", "focusin"]) element.addEventListener(type, () => highlight(slot, true));
    for (const type of ["mouseleave", "focusout"]) element.addEventListener(type, () => highlight(slot, false));
  }
})();
