"""Headers a stranger writes: an Origin that is no URL, a Host with user info or a bad port, an
X-Forwarded-For. Flask's routes and the event loop's endpoints answer them alike, never 5xx.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator
from logging import WARNING

import pytest
from flask import Flask, request
from flask.testing import FlaskClient

from companion.server.actions import PATH
from companion.server.serve import Server, serve
from tests.server.conftest import send_action

BAD_ORIGINS = ["http://[::1", "http://[", "http://]x", "http://[abc]", "http://[::1]]"]
HOSTS = [  # (Host, whether the box answers to it); {P} is the server's port
    ("localhost", True), ("localhost:{P}", True), ("127.0.0.1:{P}", True),
    ("[::1]:{P}", True), ("192.168.1.20", True), ("LOCALHOST:{P}", True),
    ("evil.example@127.0.0.1:{P}", False), ("user:pw@localhost:{P}", False),
    ("127.0.0.1:{P}@evil.example", False), ("localhost:0", False), ("localhost:99999", False),
    ("localhost:-1", False), ("localhost:abc", False), ("localhost:", False),
    ("127.0.0.1:{P}:1", False), ("[::1", False), ("[::1]x", False), ("evil.example", False),
    ("127.0.0.1/x", False), ("127.0.0.1#", False), ("", False),
]
GUARD_S = 10.0


def post_routes(app: Flask) -> list[str]:
    return sorted({rule.rule for rule in app.url_map.iter_rules()
                   if "POST" in (rule.methods or ()) and "<" not in rule.rule})


@pytest.mark.parametrize("origin", BAD_ORIGINS)
def test_an_origin_that_is_no_url_is_refused_as_another_site_on_every_post(
        app: Flask, client: FlaskClient, origin: str) -> None:
    routes = post_routes(app)
    assert "/api/join" in routes
    for path in routes:
        answer = client.post(path, json={}, headers={"Origin": origin})
        assert answer.status_code == 403, (path, answer.status_code)
    assert send_action(client, {"type": "resume"}, headers={"Origin": origin}).status_code == 403


@pytest.fixture
def server(app: Flask) -> Iterator[Server]:
    @app.get("/test/client")
    def client_address() -> str:
        return f"{request.remote_addr} {request.scheme}"

    running = serve(app, host="127.0.0.1", port=0)
    yield running
    running.close()


def status(port: int, head: str, body: bytes = b"") -> tuple[int, bytes]:
    """The status and the body the server answers to a raw request ``head`` (only the head of
    a live stream, which never ends)."""
    with socket.create_connection(("127.0.0.1", port), timeout=GUARD_S) as sock:
        sock.sendall(head.encode("latin-1") + b"Connection: close\r\n\r\n" + body)
        answer = b""
        while piece := sock.recv(4096):
            answer += piece
            if b"text/event-stream" in answer:
                break
    return int(answer.split()[1]), answer.partition(b"\r\n\r\n")[2]


def answers(port: int, host: str) -> dict[str, int]:
    """What a Flask route, the live stream and the action endpoint answer ``host``."""
    body = b'{"type": "resume"}'
    return {
        "flask": status(port, f"GET /api/view HTTP/1.1\r\nHost: {host}\r\n")[0],
        "stream": status(port, f"GET /api/events HTTP/1.1\r\nHost: {host}\r\n")[0],
        "action": status(port, f"POST {PATH} HTTP/1.1\r\nHost: {host}\r\n"
                               f"Content-Type: application/json\r\n"
                               f"Content-Length: {len(body)}\r\n", body)[0],
    }


def test_flask_and_the_event_loop_answer_the_same_hosts(server: Server) -> None:
    """The event loop's endpoints once took ``evil.example@127.0.0.1:P``, which Flask refuses."""
    wrong = {}
    for host, trusted in HOSTS:
        named = host.replace("{P}", str(server.port))
        answered = answers(server.port, named)
        refused = {path for path, code in answered.items() if code == 400}
        if refused != (set() if trusted else set(answered)) or max(answered.values()) >= 500:
            wrong[named] = answered
    assert not wrong


def test_the_app_sees_the_sockets_address_not_x_forwarded_for(server: Server) -> None:
    """uvicorn once believed X-Forwarded-For from loopback: the box itself could be anyone."""
    code, body = status(server.port, "GET /test/client HTTP/1.1\r\nHost: localhost\r\n"
                                     "X-Forwarded-For: 10.9.8.7\r\nX-Forwarded-Proto: https\r\n"
                                     "Forwarded: for=10.9.8.7;proto=https\r\n")
    assert (code, body) == (200, b"127.0.0.1 http")


def test_requests_uvicorn_calls_malformed_are_logged_once_a_minute(
        server: Server, caplog: pytest.LogCaptureFixture) -> None:
    """Each was a line in the log: a stranger could write the log full at will."""
    for _ in range(10):
        assert status(server.port, "NONSENSE\r\n")[0] == 400
        assert status(server.port, "GET /api/view HTTP/1.1\r\nHost: localhost\r\n"
                                   "Upgrade: websocket\r\nConnection: upgrade\r\n")[0] < 500
    said = [record.getMessage() for record in caplog.records if record.levelno >= WARNING]
    assert len(said) <= 3, said  # one a kind: no HTTP, an upgrade, no websocket library
