// Moved to the runtime (runtime/profile needs it too); kept here for the magics' imports.
export { hostArrayFor } from '../runtime/brt/hostarray.js';
