// Tests hash passwords hundreds of times (sign-ins, registrations, rate-limit rounds), and
// argon2id at its production cost (64 MiB, 2 passes) takes 0.1-0.3 s a hash on this machine:
// in production that cost is the point, in tests it is waiting. In test processes an argon2id
// hash that names no cost gets the smallest one. Hashes stay argon2id, and
// Bun.password.verify reads the cost from the hash, so the code under test is unchanged.
type HashArgs = Parameters<typeof Bun.password.hash>;

const TEST_COST = { memoryCost: 64, timeCost: 1 } as const;
const productionHash = Bun.password.hash.bind(Bun.password);

function cheap(algorithm: HashArgs[1]): HashArgs[1] {
  if (algorithm === undefined || algorithm === "argon2id") return { algorithm: "argon2id", ...TEST_COST };
  if (typeof algorithm === "object" && algorithm.algorithm === "argon2id" && !("memoryCost" in algorithm) && !("timeCost" in algorithm)) {
    return { ...algorithm, ...TEST_COST };
  }
  return algorithm;
}

Bun.password.hash = (password: HashArgs[0], algorithm?: HashArgs[1]) => productionHash(password, cheap(algorithm));
