// Stacks: progressive enhancement for the catalog. Everything works without this script.
(() => {
  "use strict";
  for (const filter of document.querySelectorAll(".filter")) filter.hidden = false;
})();
