// The event's creation form: the empty fields show the chosen preset's own values. The
// preset's numbers are data attributes of its card, the word for "full length" one of the form.
const form = document.querySelector('[data-testid="create-form"]');
function showDefaults() {
  const chosen = form.querySelector("input[name=preset]:checked");
  if (!chosen) return;
  const card = chosen.closest(".preset");
  form.elements.name.placeholder = card.dataset.name;
  for (const key of ["tables", "boards_per_round", "rounds", "sections"]) {
    form.elements[key].placeholder = card.dataset[key] || form.dataset.full;
  }
}
if (form) {
  form.addEventListener("change", showDefaults);
  showDefaults();
}
