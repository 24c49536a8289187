import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { DomainError } from '@okul/domain';
import type { Response } from 'express';
import { createRequire } from 'node:module';
import { z } from 'zod';
import { dirname, join } from 'node:path';
import { Public } from '../auth/decorators';
import {
  ApiAnswer,
  ApiAnswerMedia,
  ApiErrors,
  openApiDocument,
  registeredRoutes,
} from '../infra/http/api-doc';

// The docs page is served from the swagger-ui-dist package: no CDN (the product runs where only the npm
// registry was reachable at build time).
const SWAGGER_UI = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
};

const PAGE = `<!doctype html>
<html lang="tr">
<head>
<meta charset="utf-8" />
<title>Okul API</title>
<meta name="viewport" content="width=device-width, initial-scale=1" />
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css" />
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/init.js"></script>
</body>
</html>`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/api/v1/openapi.json', dom_id: '#swagger-ui', deepLinking: true });`;

/** GET /api/v1/openapi.json and the readable page at /api/docs (public: integrators read them). */
@Public()
@Controller()
export class ApiDocsController {
  private document: unknown = null;

  constructor(@Inject(ModulesContainer) private readonly modules: ModulesContainer) {}

  @Get('api/v1/openapi.json')
  @ApiAnswer(z.record(z.string(), z.unknown()), 'This document (OpenAPI 3.1)')
  openApi() {
    // Routes are fixed once Nest has started, so the document is built on the first call only.
    this.document ??= openApiDocument(registeredRoutes(this.modules));
    return this.document;
  }

  @Get('api/docs')
  @ApiAnswerMedia('text/html', 'The readable docs page of this API')
  page(@Res() res: Response) {
    res.type('text/html; charset=utf-8').send(PAGE);
  }

  @Get('api/docs/assets/:file')
  @ApiAnswerMedia('text/javascript', "The docs page's scripts and styles")
  @ApiErrors('common.routeNotFound')
  asset(@Param('file') file: string, @Res() res: Response) {
    if (file === 'init.js') return res.type(ASSETS['swagger-ui-bundle.js']).send(INIT);
    const type = ASSETS[file];
    if (!type) throw new DomainError('common.routeNotFound');
    res.type(type).sendFile(join(SWAGGER_UI, file), { maxAge: '1h' });
  }
}
