/**
 * The internal `debug-ui-library` tool (issue 17 item 5): the UI library page — every kit
 * primitive in every state — as a catalogue component, in the platform's locale and theme.
 * It is the same view as the connect host's standalone page (`ui/library/`, served at
 * `/ui-library.html` for the kit's own tests), not a copy: this module only adopts the
 * library's layout stylesheet into the frame while it is shown.
 */
import { useStylesheet } from "../../kit/index.ts";
import { libraryStylesheet } from "../../library/library.css.ts";
import { LibraryView } from "../../library/library.view.tsx";

export default function DebugUiLibrary() {
  useStylesheet(libraryStylesheet);
  return <LibraryView timeZone={Intl.DateTimeFormat().resolvedOptions().timeZone} />;
}
