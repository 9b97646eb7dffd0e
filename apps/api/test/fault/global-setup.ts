// The fault suite's global set-up: the Auth Emulator only; its cluster starts its own mongod (cluster.ts).
import { startTestServices } from '../global-setup';

export default () => startTestServices({ mongo: false });
