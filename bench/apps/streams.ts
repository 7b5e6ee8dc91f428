/** Element types the application modules declare streams with. */
import { FLOAT, vec } from '../../runtime/compiler/types.js';

export { FLOAT };
export const FLOAT2 = vec('float', 2);
export const FLOAT3 = vec('float', 3);
export const FLOAT4 = vec('float', 4);
