import { it, expect } from 'vitest';
import { KernelClient } from '/work/main/tests/kernel/client.js';
it('shutdown loop', async () => {
  for (let i = 0; i < 30; i++) {
    const k = await KernelClient.start();
    let r;
    for (;;) { const id = k.send('shell', 'kernel_info_request', {}); try { await k.reply('shell', id, 300); break; } catch {} }
    await k.execute('1+1');
    const t0 = performance.now();
    const id = k.send('control', 'shutdown_request', { restart: false });
    try { r = await k.reply('control', id, 3000); } catch (e) { console.log('no reply', i, k.stderr); }
    const code = await k.exited();
    console.log(i, JSON.stringify(r?.content), code, k.child.signalCode, (performance.now() - t0).toFixed(0), k.stderr.split('\n').slice(1).join('|'));
    k.close();
  }
}, 300000);
