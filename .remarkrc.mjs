// `npm run lint:docs`: every link between the Markdown pages (README.md, docs/, the features'
// READMEs) must reach a file that exists and, with a #fragment, a heading that it has.
import remarkValidateLinks from "remark-validate-links";

export default {
  // The links are relative, checked in the working tree; no hosting site is assumed.
  plugins: [[remarkValidateLinks, { repository: false }]],
};
