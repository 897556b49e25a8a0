import { render } from "preact";
import { App } from "./app.js";
import "./styles.css";

// The operator console's entry: one Preact tree in #app (the page holds no inline script; see operator-page.ts).
const root = document.getElementById("app");
if (root) render(<App />, root);
