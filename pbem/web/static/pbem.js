/* pbem: small improvements only; every page and form works without this file. */
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  // Irreversible moves: ask in place instead of the "Really?" page; the server then sees it confirmed.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var button = event.submitter;
    var question = (button && button.getAttribute("data-confirm")) || form.getAttribute("data-confirm-form");
    var needsForm = form.querySelector("input[name=needs_confirm][value='1']");
    if (!question || (!button || !button.getAttribute("data-confirm")) && !needsForm) { return; }
    if (!window.confirm(question)) { event.preventDefault(); return; }
    var flag = document.createElement("input");
    flag.type = "hidden"; flag.name = "confirmed"; flag.value = "1";
    form.appendChild(flag);
  });
  // The placement form: keep the count within what the chosen place takes.
  document.querySelectorAll("select[data-count]").forEach(function (select) {
    var count = document.getElementById(select.getAttribute("data-count"));
    function fit() {
      var option = select.options[select.selectedIndex];
      if (!option || !count) { return; }
      count.min = option.getAttribute("data-min");
      count.max = option.getAttribute("data-max");
      var n = parseInt(count.value, 10);
      if (isNaN(n) || n < +count.min) { count.value = count.min; }
      if (n > +count.max) { count.value = count.max; }
    }
    select.addEventListener("change", fit);
    fit();
  });
}());
