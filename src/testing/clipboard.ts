// A test's own clipboard: navigator.clipboard replaced until the test ends (the preload puts
// happy-dom's back after every test, so no later test or file sees it).

type Clipboard = { writeText: (text: string) => Promise<void> };

// undefined: navigator had no own property; null: nothing replaced since the last restore.
let original: PropertyDescriptor | undefined | null = null;

/** `undefined` stands for a browser without a clipboard (an insecure origin). */
export function stubClipboard(clipboard: Clipboard | undefined): void {
  if (original === null) original = Object.getOwnPropertyDescriptor(navigator, "clipboard");
  Object.defineProperty(navigator, "clipboard", { value: clipboard, configurable: true });
}

export function restoreClipboard(): void {
  if (original === null) return;
  if (original) Object.defineProperty(navigator, "clipboard", original);
  else delete (navigator as { clipboard?: unknown }).clipboard;
  original = null;
}
