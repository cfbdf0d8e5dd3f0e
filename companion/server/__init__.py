"""The Flask app for phones: pages, the JSON API and live updates by Server-Sent Events."""
