import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_FORMATS } from '@/server/core/formats';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import { getOpenApiDocument } from './openapi';
import { createCaller } from './root';
import { exportInput } from './schemas/transfer.schema';

let t: TestCore;
beforeAll(async () => {
  t = await createTestCore();
});
afterAll(() => t.close());

const registered = EXPORT_FORMATS.map((format) => format.type);

describe('export formats come from the registry', () => {
  it('the workspace Export menu lists every registered format with its label, in order', async () => {
    const menu = await createCaller({ core: t.core, transport: 'trpc', actor: null }).transfer.exportFormats();
    expect(menu).toEqual(EXPORT_FORMATS.map((format) => ({ export_type: format.type, label: format.label })));
  });

  it('the REST export path accepts exactly the registered formats', () => {
    expect(exportInput.shape.export_type.options).toEqual(registered);
    expect(exportInput.safeParse({ annotation_type: 'bndbox', project_name: 'p', export_type: 'csv' }).success).toBe(false);
  });

  it('the OpenAPI document lists exactly the registered formats', () => {
    const operation = getOpenApiDocument().paths?.['/v2/{annotation_type}/projects/{project_name}/export/{export_type}']?.put;
    const parameter = operation?.parameters?.find((candidate) => 'name' in candidate && candidate.name === 'export_type');
    expect(parameter && 'schema' in parameter ? parameter.schema : undefined).toMatchObject({ enum: registered });
  });
});
