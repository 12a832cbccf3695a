"use strict";
(function () {
  var controls = document.getElementById("controls");
  var cards = Array.prototype.slice.call(document.querySelectorAll("article.citation"));
  var shown = document.getElementById("shown");
  var boxes = Array.prototype.slice.call(controls.querySelectorAll("input[name=verdict]"));
  var radios = Array.prototype.slice.call(controls.querySelectorAll("input[name=action]"));
  controls.hidden = false;

  function apply() {
    var verdicts = {};
    boxes.forEach(function (box) { verdicts[box.value] = box.checked; });
    var wanted = "all";
    radios.forEach(function (radio) { if (radio.checked) { wanted = radio.value; } });
    var visible = 0;
    cards.forEach(function (card) {
      var show = verdicts[card.dataset.verdict] && (wanted === "all" || card.dataset.action === wanted);
      card.hidden = !show;
      if (show) { visible += 1; }
    });
    shown.textContent = "Showing " + visible + " of " + cards.length + " citations.";
  }

  function visibleCards() { return cards.filter(function (card) { return !card.hidden; }); }

  function move(step) {
    var list = visibleCards();
    if (!list.length) { return; }
    var at = list.indexOf(document.activeElement);
    var next = at === -1 ? (step > 0 ? 0 : list.length - 1) : Math.min(list.length - 1, Math.max(0, at + step));
    list[next].focus({ preventScroll: true });
    list[next].scrollIntoView({ block: "start" });
    // The filter bar sticks to the top of the window: keep it off the citation's heading.
    if (getComputedStyle(controls).position === "sticky") { window.scrollBy(0, -controls.offsetHeight - 8); }
  }

  controls.addEventListener("change", apply);
  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if (event.altKey || event.ctrlKey || event.metaKey) { return; }
    if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.isContentEditable)) {
      if (target.type !== "checkbox" && target.type !== "radio") { return; }
    }
    var key = event.key;
    if (key === "j" || key === "n") { move(1); }
    else if (key === "k" || key === "p") { move(-1); }
    else if (key >= "1" && key <= String(boxes.length)) { var box = boxes[Number(key) - 1]; box.checked = !box.checked; apply(); }
    else if (key === "r") { radios.forEach(function (radio) { radio.checked = radio.value === "review"; }); apply(); }
    else if (key === "a") {
      boxes.forEach(function (box) { box.checked = true; });
      radios.forEach(function (radio) { radio.checked = radio.value === "all"; });
      apply();
    } else { return; }
    event.preventDefault();
  });
  // Printing shows every citation with its whole section, whatever the filters.
  window.addEventListener("beforeprint", function () {
    document.querySelectorAll("details").forEach(function (details) { details.open = true; });
  });
  apply();
})();
