// What the figures feature offers the features above it (.dependency-cruiser.cjs): the
// housekeeper's pass and the charts' read (README.md).

export { keepFigures } from "./figures-pass.js";
export { readCharts, chartArgs, MESSAGE_STATES, CHART_MONTHS, type ChartArgs, type Charts, type MessageDay, type MessageState, type ServiceMonth } from "./charts.js";
