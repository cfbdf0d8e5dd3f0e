"""What phones load: templates, scripts, styles and icons, all served by the box."""
