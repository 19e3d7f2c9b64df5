import { describe, expect, test } from "bun:test";
import { composeMail } from "./compose";

describe("composeMail", () => {
  test("both parts carry the paragraphs and the link; the HTML part escapes what it is given", () => {
    const m = composeMail({
      purpose: "invitation", to: "a@example.com", subject: "You <are> invited",
      paragraphs: ["Hello & welcome", "Second"], action: { label: "Accept", url: "https://runs.example/invite/abc?x=1&y=2" }, footer: ["Small print"],
    });
    expect(m.text).toContain("Hello & welcome\n\nSecond\n\nAccept: https://runs.example/invite/abc?x=1&y=2\n\nSmall print");
    expect(m.html).toContain("Hello &amp; welcome");
    expect(m.html).toContain('href="https://runs.example/invite/abc?x=1&amp;y=2"');
    expect(m.html).toContain("<title>You &lt;are&gt; invited</title>");
    expect(m.html).not.toContain("<are>");
  });
});
