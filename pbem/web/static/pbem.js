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
}());
