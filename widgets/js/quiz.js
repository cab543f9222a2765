// The lessons' "Your turn" question: the choices as cards (drawn like the tables' cards) or as
// buttons, and the feedback in a live region. Quiz's anywidget module (bundled with cards.js
// and dom.js into static/quiz.bundle.js).

import { cardButton } from "./cards.js";
import { h } from "./dom.js";
import { fontsReady, needFont, takeFonts, watchFonts } from "./fonts.js";

function renderQuiz({ model, el }) {
  const root = h("div", { class: "ck-root ck-quiz" });
  const prompt = h("p", { class: "ck-quiz-question" });
  const choices = h("div", { class: "ck-quiz-choices", role: "group" });
  const feedback = h("div", { class: "ck-whatnow", role: "status", "aria-live": "polite", "aria-atomic": "true" });
  root.append(prompt, choices, feedback);
  el.appendChild(root);
  const draw = () => {
    const v = model.get("view");
    if (!v || !v.choices) return;
    const focused = document.activeElement && root.contains(document.activeElement) ? document.activeElement.dataset.idx : null;
    prompt.replaceChildren(h("b", {}, v.prompt + " "), v.question);
    choices.setAttribute("aria-label", v.question);
    choices.classList.toggle("ck-quiz-cards", v.choices.every((c) => c.card));
    choices.replaceChildren(...v.choices.map((c, i) => {
      const send = () => model.send({ do: "choose", index: i });
      if (c.card) return cardButton({ ...c.card, playable: true }, { idx: i, group: "quiz", onclick: send, labels: {} });
      return h("button", { type: "button", class: "ck-btn" + (c.chosen ? " ck-chosen" : ""), "data-idx": i, "data-group": "quiz", onclick: send }, c.label);
    }));
    feedback.className = "ck-whatnow ck-tone-" + v.feedback.tone;
    if (feedback.textContent !== v.feedback.text) feedback.textContent = v.feedback.text;
    root.classList.toggle("ck-four", !!v.four_colour);
    if (v.language) { root.lang = v.language; needFont(model, v.language); }   // voice, fonts
    if (focused !== null) {
      const again = choices.querySelector(`[data-idx="${focused}"]`);
      if (again) again.focus({ preventScroll: true });
    }
  };
  const fonts = (content, buffers) => takeFonts(content, buffers);
  watchFonts();
  model.on("msg:custom", fonts);
  const first = model.get("view");
  const lang = first && first.language ? first.language : "en";
  if (lang === "pa" || lang === "kn") needFont(model, lang);
  let drawn = false;
  const start = () => { if (drawn) return; drawn = true; model.on("change:view", draw); draw(); };
  fontsReady(lang).then(start);       // a quiz in Punjabi or Kannada once its fonts are loaded
  return () => { drawn = true; model.off("change:view", draw); model.off("msg:custom", fonts); };
}

export default { render: renderQuiz };
