import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { PvgisClient } from '../../src/irradiance/pvgis-client.ts';
import { createTestContext, json, type TestContext } from '../helpers/test-context.ts';
import { missingSharedData, sharedDataFile } from '../helpers/shared-data.ts';
import { PvgisStandIn } from '../stand-ins/pvgis-stand-in.ts';
import { NODE_FLAGS } from '../helpers/node-flags.ts';

const RECORDED = 'pvgis/pvcalc_v53_45.000_8.000_SARAH3_angle0_aspect0_1kWp_loss14.json';
const recordedFile = sharedDataFile(RECORDED);
const MAIN = path.resolve(import.meta.dirname, '../../src/main.ts');

type ToolResult = { isError?: boolean; content: { type: string; text?: string; uri?: string }[]; structuredContent?: Record<string, unknown> };

describe('MCP server, with the official SDK client', { skip: recordedFile ? false : missingSharedData(RECORDED) }, () => {
  let ctx: TestContext;
  let pvgis: PvgisStandIn;
  let baseUrl: string;
  let client: Client;
  before(async () => {
    pvgis = await PvgisStandIn.start(recordedFile!);
    ctx = await createTestContext({ irradiance: new PvgisClient({ baseUrl: pvgis.baseUrl, timeoutMs: 5000 }) });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
    client = new Client({ name: 'solar-partner-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`)));
  });
  after(async () => {
    await client.close();
    await ctx.close();
    await pvgis.close();
  });

  const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as ToolResult;

  test('lists the three tools with input and output schemas, descriptions and annotations', async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), ['calculate_solar_yield', 'create_solar_session', 'get_solar_session']);
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, 'object', tool.name);
      assert.ok(tool.outputSchema, `${tool.name} has an output schema`);
      assert.ok((tool.description ?? '').length > 80, `${tool.name} is described`);
    }
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    assert.equal(byName.get_solar_session.annotations?.readOnlyHint, true);
    assert.equal(byName.calculate_solar_yield.annotations?.readOnlyHint, true);
    assert.equal(byName.create_solar_session.annotations?.readOnlyHint, false);
    assert.match(byName.calculate_solar_yield.description!, /180 = south/);
    // An assistant must not promise a free user the wizard's figures (SPEC.md: the Solar Wizard needs Pro).
    assert.match(byName.create_solar_session.description!, /Solar Wizard's panel design and yield figures need a Pro subscription/);
    assert.deepEqual((byName.create_solar_session.inputSchema.required as string[]).sort(), ['agentName', 'latitude', 'longitude']);
  });

  test('create_solar_session returns the viewer link as text, resource_link and structuredContent', async () => {
    const result = await call('create_solar_session', { latitude: 48.137154, longitude: 11.576124, agentName: 'TestAgent', wizardGoal: 'cover_bill', wizardKwh: 300, roofLat: 48.1372, roofLng: 11.5762 });
    assert.notEqual(result.isError, true);
    const structured = result.structuredContent as { sessionId: string; viewerUrl: string; expiresAt: string; modelStatus: string };
    assert.equal(structured.viewerUrl, `https://solar.example.com/viewer?session=${structured.sessionId}&lat=48.137154&lng=11.576124&wizard=cover_bill&wizardKwh=300&roofLat=48.1372000&roofLng=11.5762000`);
    assert.equal(structured.modelStatus, 'not_generated');
    assert.ok(Date.parse(structured.expiresAt) > Date.now() + 47 * 3600_000);
    assert.ok(result.content.some((c) => c.type === 'text' && c.text!.includes(structured.viewerUrl)));
    assert.ok(result.content.some((c) => c.type === 'resource_link' && c.uri === structured.viewerUrl));

    const read = await call('get_solar_session', { sessionId: structured.sessionId });
    assert.equal(read.structuredContent?.agentName, 'TestAgent');
    assert.equal(read.structuredContent?.wizardKwh, 300);
    const rest = json(await ctx.app.inject({ method: 'GET', url: `/api/mcp-sessions/${structured.sessionId}` }));
    assert.deepEqual(read.structuredContent, rest, 'the tool answers what the REST endpoint answers');
  });

  test('invalid arguments give tool errors that name the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ latitude: 1, longitude: 2 }, 'agentName is required'],
      [{ longitude: 2, agentName: 'a' }, 'latitude and longitude are required'],
      [{ latitude: 100, longitude: 2, agentName: 'a' }, 'latitude must be between -90 and 90'],
      [{ latitude: 1, longitude: 2, agentName: 'a', wizardGoal: 'cover_bill' }, 'wizardKwh is required when wizardGoal is cover_bill'],
      [{ latitude: 1, longitude: 2, agentName: 'a', roofLat: 1 }, 'roofLat and roofLng must be given together'],
      [{ latitude: 1, longitude: 2, agentName: 'ab\u0000cd' }, 'agentName must not contain control characters such as U+0000'],
      [{ latitude: 1, longitude: 2, agentName: '\ud800x' }, 'agentName must not contain control characters such as U+0000 or unpaired surrogates'],
    ];
    for (const [args, message] of cases) {
      const result = await call('create_solar_session', args);
      assert.equal(result.isError, true, message);
      assert.ok(result.content.some((c) => c.text?.includes(message)), `${message} in ${JSON.stringify(result.content)}`);
    }
    const several = await call('calculate_solar_yield', { lat: 45, lng: 8, latitude: 45, tilt_deg: 30, panelAreaM2: 10, panelEfficiency: 20 });
    assert.equal(several.isError, true);
    const text = several.content[0].text!;
    for (const problem of ['latitude and longitude are required', 'tiltDeg is required', 'azimuthDeg is required', 'lat, lng, tilt_deg are not known fields; allowed fields: latitude, longitude, tiltDeg', 'panelEfficiency must be between 0 and 1']) {
      assert.ok(text.includes(problem), `every problem at once: ${problem} in ${text}`);
    }
    const nullOptionals = await call('create_solar_session', { latitude: 1, longitude: 2, agentName: 'a', radiusKm: null, wizardGoal: null, wizardKwh: null, roofLat: null, roofLng: null });
    assert.notEqual(nullOptionals.isError, true, 'optional fields given as null are taken as left out');
    const nullRequired = await call('create_solar_session', { latitude: null, longitude: 2, agentName: 'a' });
    assert.equal(nullRequired.isError, true);
    assert.match(nullRequired.content[0].text!, /latitude must be a number/);
    const nul = await call('get_solar_session', { sessionId: 'ses_\u0000' });
    assert.equal(nul.isError, true);
    assert.match(nul.content[0].text!, /sessionId must not contain control characters/);
    const missing = await call('get_solar_session', { sessionId: 'ses_unknown' });
    assert.equal(missing.isError, true);
    assert.match(missing.content[0].text!, /does not exist or expired/);
  });

  test('calculate_solar_yield answers as the REST endpoint; a down irradiance service is a tool error', async () => {
    const args = { latitude: 45, longitude: 8, tiltDeg: 0, azimuthDeg: 180, panelAreaM2: 10, panelEfficiency: 0.2 };
    pvgis.mode = 'ok';
    const result = await call('calculate_solar_yield', args);
    const rest = json(await ctx.app.inject({ method: 'POST', url: '/api/solar/calculate', payload: args }));
    assert.deepEqual(result.structuredContent, rest);
    pvgis.mode = 'error500';
    const down = await call('calculate_solar_yield', args);
    assert.equal(down.isError, true);
    assert.match(down.content[0].text!, /irradiance data service \(PVGIS\) is unreachable/);
    pvgis.mode = 'ok';
    const bad = await call('calculate_solar_yield', { ...args, tiltDeg: 120 });
    assert.equal(bad.isError, true);
    assert.match(bad.content[0].text!, /tiltDeg must be between 0 and 90/);
  });

  test('the REST endpoint and the tool share one limit of 10 sessions per hour per address', async () => {
    const fresh = await createTestContext();
    try {
      await fresh.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(fresh.app.server.address() as { port: number }).port}`;
      const agent = new Client({ name: 'limit-test', version: '1.0.0' });
      await agent.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
      for (let i = 0; i < 5; i++) {
        const response = await fetch(`${url}/api/mcp-sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ latitude: 1, longitude: i, agentName: 'rest' }) });
        assert.equal(response.status, 200);
        const tool = (await agent.callTool({ name: 'create_solar_session', arguments: { latitude: 2, longitude: i, agentName: 'mcp' } })) as ToolResult;
        assert.notEqual(tool.isError, true);
      }
      const eleventh = (await agent.callTool({ name: 'create_solar_session', arguments: { latitude: 3, longitude: 3, agentName: 'mcp' } })) as ToolResult;
      assert.equal(eleventh.isError, true);
      assert.match(eleventh.content[0].text!, /Rate limit exceeded\. Maximum 10 sessions per hour\. Try again in \d+ seconds\./);
      const restAfter = await fetch(`${url}/api/mcp-sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ latitude: 1, longitude: 9, agentName: 'rest' }) });
      assert.equal(restAfter.status, 429);
      await agent.close();
    } finally {
      await fresh.close();
    }
  });

  test('garbage sent to /mcp is answered with an error, and the server keeps serving', async () => {
    for (const body of ['{not json', '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"nope","arguments":{}}}', '[]']) {
      const response = await fetch(`${baseUrl}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body });
      assert.ok(response.status >= 200 && response.status < 500, `status ${response.status} for ${body}`);
    }
    const { tools } = await client.listTools();
    assert.equal(tools.length, 3);
  });

  test('protocol errors say in words what is wrong, with JSON-RPC codes, never as a schema library dump', async () => {
    const post = async (body: string, version = '2025-06-18') => {
      const response = await fetch(`${baseUrl}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': version }, body });
      const text = await response.text();
      const data = text.startsWith('{') ? text : text.split('\n').find((line) => line.startsWith('data: '))!.slice(6);
      return { status: response.status, message: JSON.parse(data) as { id: unknown; error: { code: number; message: string } } };
    };
    const cases: [string, number, string][] = [
      ['{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_solar_session","arguments":null}}', -32602, 'Invalid tools/call request: params.arguments must be a JSON object, not null'],
      ['{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"arguments":{}}}', -32602, 'Invalid tools/call request: params.name is missing (a string)'],
      ['{"jsonrpc":"2.0","id":3,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}', -32602, 'Invalid initialize request: params.capabilities is missing (a JSON object); params.clientInfo is missing (a JSON object)'],
      ['{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"nope","arguments":{}}}', -32602, 'Tool nope not found; the tools are create_solar_session, get_solar_session, calculate_solar_yield'],
    ];
    for (const [body, code, message] of cases) {
      const { message: answer } = await post(body);
      assert.equal(answer.error.message, message, body);
      assert.equal(answer.error.code, code, body);
      assert.equal(answer.id, JSON.parse(body).id, 'the error answers its request');
    }
    const version = await post('{"jsonrpc":"2.0","id":5,"method":"tools/list"}', 'foo');
    assert.equal(version.status, 400);
    assert.equal(version.message.error.message, 'MCP-Protocol-Version foo is not supported; send one of 2026-07-28, 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05, 2024-10-07 (or leave the header out before initialize)');
    assert.equal(version.message.id, 5);
    // A revision not served is the SDK's to answer: its code and list let a client negotiate another.
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2099-01-01', 'io.modelcontextprotocol/clientCapabilities': {}, 'io.modelcontextprotocol/clientInfo': { name: 'future', version: '1' } };
    const future = await post(JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'server/discover', params: { _meta: meta } }), '2099-01-01');
    assert.equal(future.message.error.code, -32022);
    assert.deepEqual((future.message.error as { data?: { supported?: string[] } }).data?.supported, ['2026-07-28']);
    const notJson = await post('{not json');
    assert.equal(notJson.status, 400);
    assert.deepEqual(notJson.message, { jsonrpc: '2.0', error: { code: -32700, message: 'Request body is not valid JSON; send a JSON object (one JSON-RPC message, or a batch of them)' }, id: null });
  });

  test('create_solar_session says the session id in its text, and when the roof point lies outside the model', async () => {
    const inside = await call('create_solar_session', { latitude: 47.141, longitude: 9.5209, agentName: 'a', roofLat: 47.1412, roofLng: 9.521 });
    const { sessionId } = inside.structuredContent as { sessionId: string };
    assert.ok(inside.content[0].text!.includes(`sessionId for get_solar_session: ${sessionId}`), String(inside.content[0].text));
    assert.ok(!inside.content[0].text!.includes('outside'), 'a roof point 25 m away is inside the model');
    assert.deepEqual(JSON.parse(inside.content[2].text!), inside.structuredContent, 'the structured result also as JSON text, after the link (clients read the first two by position)');
    const far = await call('create_solar_session', { latitude: 47.141, longitude: 9.5209, agentName: 'a', roofLat: 43.7396, roofLng: 7.4276 });
    assert.notEqual(far.isError, true, 'SPEC.md: a roof point the ray misses leaves the pick to the user');
    assert.match(far.content[0].text!, /the roof point \(roofLat, roofLng\) is 4\d\d km from latitude\/longitude, outside the 0\.3 km model/);
  });

  test('/mcp takes POST only, and every other method is told so alike (stateless: no stream to GET, no session to DELETE)', async () => {
    for (const method of ['GET', 'HEAD', 'DELETE', 'PUT', 'PATCH']) {
      const response = await fetch(`${baseUrl}/mcp`, { method, headers: { accept: 'application/json, text/event-stream' } });
      assert.equal(response.status, 405, method);
      assert.equal(response.headers.get('allow'), 'POST', method);
    }
  });

  test('a 2025-era client (initialize handshake, protocol 2025-06-18) is served statelessly', async () => {
    const post = async (message: unknown) => {
      const response = await fetch(`${baseUrl}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' }, body: JSON.stringify(message) });
      const text = await response.text();
      const data = text.startsWith('{') ? text : text.split('\n').find((line) => line.startsWith('data: '))!.slice(6);
      return JSON.parse(data) as { result?: { protocolVersion?: string; tools?: { name: string }[] } };
    };
    const initialized = await post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'legacy', version: '1' } } });
    assert.equal(initialized.result?.protocolVersion, '2025-06-18');
    const listed = await post({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} });
    assert.equal(listed.result?.tools?.length, 3);
  });

  test('llms.txt explains sessions, the link parameters and the MCP endpoint', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/llms.txt' });
    assert.equal(response.statusCode, 200);
    assert.match(response.headers['content-type'] as string, /text\/plain/);
    for (const phrase of ['https://solar.example.com/mcp', 'create_solar_session', 'roofLat', '48 hours', '180 = south', 'npx solar-partner mcp']) assert.ok(response.body.includes(phrase), phrase);
  });

  test('the same tools over stdio against the running service', async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [...NODE_FLAGS, MAIN, 'mcp', '--base-url', baseUrl], env: { ...process.env, LOG_LEVEL: 'silent' } as Record<string, string>, stderr: 'pipe' });
    const stdioClient = new Client({ name: 'stdio-test', version: '1.0.0' });
    await stdioClient.connect(transport);
    try {
      const { tools } = await stdioClient.listTools();
      assert.equal(tools.length, 3);
      const created = (await stdioClient.callTool({ name: 'create_solar_session', arguments: { latitude: -33.86, longitude: 151.21, agentName: 'DesktopAgent' } })) as ToolResult;
      assert.notEqual(created.isError, true);
      const structured = created.structuredContent as { sessionId: string; viewerUrl: string };
      assert.equal(structured.viewerUrl, `https://solar.example.com/viewer?session=${structured.sessionId}&lat=-33.860000&lng=151.210000`);
      const read = (await stdioClient.callTool({ name: 'get_solar_session', arguments: { sessionId: structured.sessionId } })) as ToolResult;
      assert.equal(read.structuredContent?.agentName, 'DesktopAgent');
      const invalid = (await stdioClient.callTool({ name: 'create_solar_session', arguments: { latitude: 1, longitude: 2, agentName: 'a', roofLng: 3 } })) as ToolResult;
      assert.equal(invalid.isError, true);
      assert.match(invalid.content[0].text!, /roofLat and roofLng must be given together/);
      // Past the limit of sessions, the agent is told when it may try again, as over HTTP.
      let refused: ToolResult | undefined;
      for (let i = 0; i < 12 && !refused; i++) {
        const next = (await stdioClient.callTool({ name: 'create_solar_session', arguments: { latitude: 5, longitude: i, agentName: 'DesktopAgent' } })) as ToolResult;
        if (next.isError) refused = next;
      }
      assert.match(refused?.content[0].text ?? 'no refusal', /^Rate limit exceeded\. Maximum 10 sessions per hour\. Try again in \d+ seconds\.$/);
    } finally {
      await stdioClient.close();
    }
  });
});
