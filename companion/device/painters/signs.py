"""Signs drawn as shapes (the bundled font has no symbols), so no state rests on colour alone."""

from __future__ import annotations

import pygame

from companion.device.painters.palette import BACKGROUND, Colour


def warning_sign(surface: pygame.Surface, centre: tuple[int, int], size: int,
                 colour: Colour, mark: Colour = BACKGROUND) -> None:
    """A warning triangle with an exclamation mark, so urgency never rests on colour alone."""
    x, y = centre
    half = size // 2
    corners = [(x, y - half), (x + half, y + half), (x - half, y + half)]
    pygame.draw.polygon(surface, colour, corners)
    bar = max(2, size // 9)
    pygame.draw.rect(surface, mark, (x - bar // 2, y - half // 3, bar, half))
    pygame.draw.rect(surface, mark, (x - bar // 2, y + half * 2 // 3 + 1, bar, bar))


def pause_sign(surface: pygame.Surface, centre: tuple[int, int], size: int,
               colour: Colour) -> None:
    """Two upright bars."""
    x, y = centre
    bar = max(3, size // 3)
    for left in (x - size // 2, x + size // 2 - bar):
        pygame.draw.rect(surface, colour, (left, y - size // 2, bar, size))


def play_sign(surface: pygame.Surface, centre: tuple[int, int], size: int,
              colour: Colour) -> None:
    """A triangle pointing right."""
    x, y = centre
    half = size // 2
    corners = [(x - half, y - half), (x + half, y), (x - half, y + half)]
    pygame.draw.polygon(surface, colour, corners)


def arrow(surface: pygame.Surface, centre: tuple[int, int], size: int, colour: Colour,
          direction: int) -> None:
    """A small triangle pointing left (-1) or right (+1): the LEFT/RIGHT buttons."""
    x, y = centre
    half = size // 2
    tip = x + direction * half
    pygame.draw.polygon(surface, colour, [(tip, y), (x - direction * half, y - half),
                                          (x - direction * half, y + half)])
