import { expect, test } from "bun:test";
import { serializeProps } from "./serialize";

test("a </script> inside a prop cannot close the props element, and round-trips", () => {
  const props = { nickname: "</script><script>alert(1)</script>", note: "a & b <!-- c -->", line: "x\u2028y" };
  const out = serializeProps(props);
  expect(out).not.toContain("</script");
  expect(out).not.toContain("<");
  expect(out).not.toContain(">");
  expect(out).not.toContain("&");
  expect(JSON.parse(out)).toEqual(props);
});

test("undefined props serialize as an empty object", () => {
  expect(serializeProps(undefined)).toBe("{}");
});
