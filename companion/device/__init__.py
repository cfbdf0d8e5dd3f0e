"""The physical box: buttons, the LED police station, the buzzer and the screen."""
