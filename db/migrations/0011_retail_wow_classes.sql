-- The raid form offers the 13 retail classes: databases seeded with the older reference
-- data get the two it lacked. An empty table (not yet seeded) is left to the seed.
INSERT INTO "wow_class_specs" ("wow_class", "spec")
SELECT v.wow_class, v.spec
FROM (VALUES ('Demon Hunter', 'Tank'), ('Demon Hunter', 'Melee DPS'), ('Evoker', 'Healer'), ('Evoker', 'Caster DPS')) AS v(wow_class, spec)
WHERE EXISTS (SELECT 1 FROM "wow_class_specs")
ON CONFLICT ("wow_class", "spec") DO NOTHING;
