// A run's share image (/runs/{displayId}/card.png): its description for link previews.
// Our own wording.

export const shareImageText = {
  shareImage: {
    /** og:image:alt and twitter:image:alt: what the picture says, for those who cannot see it. */
    alt: "{what}, {when} / {otherZone}{places, select, null {} other {. {places}}}",
  },
} as const;
