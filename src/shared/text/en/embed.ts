// The calendar embed (docs/decisions/35-embeds.md): the compact page other sites frame and the
// staff control that builds its snippet. Our own wording.
export const embedText = {
  embed: {
    /** The embed's link to the whole calendar on Runboard (opens a new tab). */
    openCalendar: "Open the full calendar",
    /** The snippet's plain link, left in place where the loader cannot run; also the iframe's title. */
    fallbackLink: "{game} on Runboard",
    /** The staff control on the calendar page. */
    control: "Embed this calendar",
    controlHint: "Paste this code into a page of your site. It shows this calendar with the filters chosen here, and stays live.",
    themeLabel: "Colours",
    themes: { auto: "Follow the visitor's setting", light: "Light", dark: "Dark" },
    snippetLabel: "Embed code",
    copy: "Copy code",
    copied: "Code copied",
    copyFailed: "Copying failed: select the code and copy it",
  },
} as const;
