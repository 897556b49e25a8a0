import { render } from "preact";
import { App } from "./app.js";
import "./styles.css";

// The console's entry: one Preact tree in #app (the page holds no inline script; see console-page.ts).
const root = document.getElementById("app");
if (root) render(<App />, root);
