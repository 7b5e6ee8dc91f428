/** The error a cell ends with when the user interrupts it (ename "Interrupted"). */
export class InterruptedError extends Error {
  constructor() {
    super('Execution interrupted');
    this.name = 'Interrupted';
  }
}
