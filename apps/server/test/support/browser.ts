import { chromium, type Browser } from 'playwright-core';
import { DEFAULT_CLIENT_DIST } from '../../src/app';
import { startTestServer, type TestServer } from './test-server';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's chromium, headless, with the flags this machine needs (no background networking). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface BrowserEnv {
  server: TestServer;
  browser: Browser;
  baseUrl: string;
  close(): Promise<void>;
}

/** The whole product (built client + API on one port) on a fresh database, and a browser. */
export async function startProduct(env: Record<string, string> = {}): Promise<BrowserEnv> {
  const server = await startTestServer({ CLIENT_DIST: DEFAULT_CLIENT_DIST, ...env });
  const address = server.server.app.getHttpServer().address() as { port: number };
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const browser = await launchBrowser();
  return {
    server,
    browser,
    baseUrl,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}
