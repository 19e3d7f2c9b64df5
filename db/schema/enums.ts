import { pgEnum } from "drizzle-orm/pg-core";
import {
  DIFFICULTIES, GAMEPLAY_TYPES, REGIONS, ROLES, RUN_STATUSES,
  TIMEZONES, USER_STATUSES, USER_TYPES,
} from "../../src/shared/enums";
import { DESERT_COMPLETION_TYPES } from "../../src/shared/desertEnums";

export const roleEnum = pgEnum("role", ROLES);
export const userStatusEnum = pgEnum("user_status", USER_STATUSES);
export const runStatusEnum = pgEnum("run_status", RUN_STATUSES);
export const regionEnum = pgEnum("region", REGIONS);
export const timezoneEnum = pgEnum("timezone", TIMEZONES);
export const difficultyEnum = pgEnum("difficulty", DIFFICULTIES);
export const gameplayTypeEnum = pgEnum("gameplay_type", GAMEPLAY_TYPES);
export const desertCompletionEnum = pgEnum("desert_completion_type", DESERT_COMPLETION_TYPES);
export const userTypeEnum = pgEnum("user_type", USER_TYPES);
