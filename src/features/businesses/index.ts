// What the businesses feature offers: the operator's search of every business (docs/operators.md).
export { searchBusinesses, businessSearchArgs, BUSINESS_STATUSES, type Business, type BusinessStatus, type BusinessSearchArgs } from "./business-search.js";
export { plansWithBusinesses, type PlanWithBusinesses, type PlanVersion } from "./plan-businesses.js";
export { searchNumbers, numberSearchArgs, type FoundNumber, type NumberSearchArgs } from "./number-search.js";
// The rules of a business's status and monthly revenue, for the figures that count them (figures feature).
export { BUSINESS_STATUS, MONTHLY_REVENUE } from "./sql/search-businesses.js";
