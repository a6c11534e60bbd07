# The NDCG Playground as one container: one Streamlit replica on port 8501.
#   docker build -t ndcg-playground .
#   docker run -p 8501:8501 ndcg-playground
# Run several behind deploy/nginx.conf or deploy/kubernetes.yaml (see deploy/README.md).
# No Docker engine runs in CI: tests/test_deploy_files.py checks this file instead of building it.
FROM python:3.11-slim

# No .pyc files in the image, log lines straight to `docker logs`, no pip cache in a layer.
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# The app never needs root: a fixed, unprivileged user (Kubernetes' runAsNonRoot checks the uid).
RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin app

WORKDIR /app

# The pinned requirements first, so that a code change does not reinstall them.
COPY requirements.txt ./
RUN pip install -r requirements.txt

# Only what the app needs: no tests, benchmarks, docs or virtual environment.
COPY app.py ./
COPY app_pages/ app_pages/
COPY ndcg_core/ ndcg_core/
COPY ui/ ui/
COPY data/ data/
COPY .streamlit/ .streamlit/
# The production settings replace the development config.toml (upload limit, XSRF, no usage stats…).
COPY deploy/streamlit-production.toml .streamlit/config.toml

USER app

EXPOSE 8501

# Streamlit's own health endpoint answers "ok" once the server runs (no curl in the slim image).
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
    CMD ["python", "-c", "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:8501/_stcore/health', timeout=4).read() != b'ok')"]

CMD ["streamlit", "run", "app.py", "--server.address", "0.0.0.0", "--server.port", "8501"]
