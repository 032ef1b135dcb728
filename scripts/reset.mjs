// `npm run reset`: forgets the local store (D1, R2, Durable Objects); the next `npm start`
// begins again from the migrations and the demo data.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { projectRoot, stateDir } from "./lib.mjs";

const target = join(projectRoot, stateDir());
rmSync(target, { recursive: true, force: true });
console.log(`Removed ${target}.`);
