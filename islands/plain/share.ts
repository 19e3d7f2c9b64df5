// The run page's share control, without React: shows "Copy link" (and "Share…" where the
// browser has the Web Share API) on the server-rendered link field. Texts come from the
// element's data attributes, so no catalogue ships. Without JavaScript the field remains.
for (const root of document.querySelectorAll<HTMLElement>("[data-share]")) {
  const input = root.querySelector("input")!;
  const status = root.querySelector<HTMLElement>("[data-share-status]")!;
  const copy = root.querySelector<HTMLButtonElement>("[data-share-copy]")!;
  const native = root.querySelector<HTMLButtonElement>("[data-share-native]")!;
  copy.hidden = false;
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(input.value);
      status.textContent = root.dataset.copied ?? "";
    } catch {
      input.select();
      status.textContent = root.dataset.copyFailed ?? "";
    }
  });
  if (typeof navigator.share === "function") {
    native.hidden = false;
    native.addEventListener("click", () => {
      navigator.share({ title: root.dataset.title, url: input.value }).catch(() => {}); // dismissed by the visitor
    });
  }
}
export {};
