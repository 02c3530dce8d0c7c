// A console page's "Print" button (data-print): the browser prints the page as it is, its
// own print styles keeping the console's bar and buttons off the paper.
for (const button of document.querySelectorAll("[data-print]")) {
  button.addEventListener("click", () => window.print());
}
