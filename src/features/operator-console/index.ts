// What the operator console offers the composition root: its page and files (docs/operators.md).
export { OPERATOR_CONSOLE_ASSETS, OPERATOR_CONSOLE_PATH, operatorConsoleAsset, operatorConsolePage } from "./operator-page.js";
