# One image for the api, worker and scheduler processes (docker-compose.yml picks the command).
FROM node:20-bookworm-slim AS frontend
WORKDIR /build/frontend
COPY frontend/package.json frontend/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY frontend/ ./
RUN npm run build

FROM python:3.11-slim-bookworm
ENV PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 FRONTEND_DIST=/app/frontend/dist INSTANCE_DIR=/var/lib/portal
WORKDIR /app
COPY pyproject.toml ./
COPY api ./api
COPY worker ./worker
COPY scheduler ./scheduler
COPY migrations ./migrations
RUN pip install . && useradd --system --home /var/lib/portal portal && mkdir -p /var/lib/portal && chown portal /var/lib/portal
COPY --from=frontend /build/frontend/dist ./frontend/dist
# The .br and .gz beside each built file, served to browsers that accept them.
RUN python -m whitenoise.compress --quiet frontend/dist
USER portal
EXPOSE 8000
CMD ["gunicorn", "--bind", "0.0.0.0:8000", "--workers", "4", "--access-logfile", "-", "--config", "python:api.gunicorn_config", "api.wsgi:app"]
